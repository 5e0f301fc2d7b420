#!/usr/bin/env node
// Draws e2e transcripts (tests/discord-double/src/transcript.rs, schema
// "engarde-transcript/1") as Discord-like pictures: one HTML page per viewer and chunk of
// the conversation, built with @skyra/discord-components-core, screenshotted with Debian's
// headless Chromium at desktop and phone widths. Nothing is fetched from the network: the
// pages and the component modules are served from this machine on 127.0.0.1, and the
// browser refuses every other request.
//
// Usage: node draw.mjs <transcript dir> <out dir> [--max-height PX] [--widths 1280,360]
//                      [--only <viewer file stem>] [--chromium /usr/bin/chromium]
// Each viewer's whole story is one page per width, cut between messages into pictures of
// at most --max-height pixels (default 1400; a taller message gets a picture of its own).
// <transcript dir> is one test's folder (with index.json) or a folder of them.
// A picture a document shows but cannot draw (an attachment without its file) is drawn as
// "picture not recorded", listed on stderr, and the run exits with status 1.

import { createServer } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';

const HERE = dirname(fileURLToPath(import.meta.url));
const SCHEMA = 'engarde-transcript/1';

// ----- arguments ------------------------------------------------------------------------

function parseArgs(argv) {
	const opts = { maxHeight: 1400, widths: [1280, 360], only: null, chromium: '/usr/bin/chromium', positional: [] };
	for (let i = 0; i < argv.length; i++) {
		const a = argv[i];
		if (a === '--max-height') opts.maxHeight = Math.max(200, parseInt(argv[++i], 10));
		else if (a === '--widths') opts.widths = argv[++i].split(',').map((w) => parseInt(w, 10));
		else if (a === '--only') opts.only = argv[++i];
		else if (a === '--chromium') opts.chromium = argv[++i];
		else if (a === '-h' || a === '--help') opts.help = true;
		else opts.positional.push(a);
	}
	return opts;
}

// ----- text -----------------------------------------------------------------------------

const esc = (s) =>
	String(s ?? '')
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;');

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const pad = (n) => String(n).padStart(2, '0');

/** A Discord timestamp `<t:unix:style>` as the client shows it (UTC), `now` the bot's clock. */
function discordTime(unix, style, now) {
	const d = new Date(unix * 1000);
	const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
	const date = `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
	switch (style) {
		case 't':
			return time;
		case 'T':
			return `${time}:${pad(d.getUTCSeconds())}`;
		case 'd':
			return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
		case 'D':
			return date;
		case 'F':
			return `${DAYS[d.getUTCDay()]}, ${date} ${time}`;
		case 'R': {
			if (now == null) return `${date} ${time}`;
			const diff = unix - now;
			const abs = Math.abs(diff);
			const units = [
				[365 * 86400, 'year'],
				[30 * 86400, 'month'],
				[86400, 'day'],
				[3600, 'hour'],
				[60, 'minute'],
				[1, 'second']
			];
			let text = 'now';
			for (const [secs, name] of units) {
				if (abs >= secs) {
					const n = Math.round(abs / secs);
					text = n === 1 ? `${name === 'hour' ? 'an' : 'a'} ${name}` : `${n} ${name}s`;
					break;
				}
			}
			return diff >= 0 ? `in ${text}` : `${text} ago`;
		}
		default:
			return `${date} ${time}`;
	}
}

/** Discord's markdown (the parts bots use) to HTML with the components' elements (plain
 * strong/em/u for emphasis: the components' discord-bold adds a space after itself). */
function markdown(src, ctx) {
	const blocks = [];
	// Code blocks first: nothing inside them is markdown.
	let text = String(src ?? '').replace(/```(?:[a-z]*\n)?([\s\S]*?)```/g, (_, code) => {
		blocks.push(`<discord-code multiline>${esc(code.replace(/\n$/, ''))}</discord-code>`);
		return `\u0000${blocks.length - 1}\u0000`;
	});
	const inline = (line) => {
		const codes = [];
		let s = line.replace(/`([^`]+)`/g, (_, c) => {
			codes.push(`<code class="inline">${esc(c)}</code>`);
			return `\u0001${codes.length - 1}\u0001`;
		});
		// Backslash escapes (`en\_garde`): the character itself, never markdown.
		s = s.replace(/\\([\\*_~`|<>#\-\[\]().:!])/g, (_, c) => {
			codes.push(esc(c));
			return `\u0001${codes.length - 1}\u0001`;
		});
		s = esc(s);
		s = s.replace(/&lt;@!?(\d+)&gt;/g, (_, id) => {
			const user = ctx.users[id];
			const name = user ? user.name : `unknown-user`;
			const hl = ctx.viewerId === id ? ' highlight' : '';
			return `<discord-mention type="user"${hl}>${esc(name)}</discord-mention>`;
		});
		s = s.replace(/&lt;@&amp;(\d+)&gt;/g, (_, id) => `<discord-mention type="role">role ${id}</discord-mention>`);
		s = s.replace(/&lt;#(\d+)&gt;/g, (_, id) => {
			const c = ctx.channels[id];
			return `<discord-mention type="${c && c.type === 'thread' ? 'thread' : 'channel'}">${esc(c ? c.name : 'unknown')}</discord-mention>`;
		});
		s = s.replace(/&lt;t:(-?\d+)(?::([tTdDfFR]))?&gt;/g, (_, t, style) => `<discord-time>${esc(discordTime(Number(t), style || 'f', ctx.clock))}</discord-time>`);
		s = s.replace(/&lt;a?:(\w+):\d+&gt;/g, ':$1:');
		s = s.replace(/\*\*\*(.+?)\*\*\*/g, '<strong><em>$1</em></strong>');
		s = s.replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>');
		s = s.replace(/__(.+?)__/g, '<u>$1</u>');
		s = s.replace(/(^|[^\w*])\*(?!\s)(.+?)\*(?!\w)/g, '$1<em>$2</em>');
		s = s.replace(/(^|\W)_(?!\s)(.+?)_(?!\w)/g, '$1<em>$2</em>');
		s = s.replace(/~~(.+?)~~/g, '<s>$1</s>');
		s = s.replace(/\|\|(.+?)\|\|/g, '<discord-spoiler>$1</discord-spoiler>');
		s = s.replace(/\[([^\]]+)\]\((https?:[^)\s]+)\)/g, '<discord-link href="$2">$1</discord-link>');
		// Bare links, as Discord shows them (blue); masked links were handled just above.
		s = s.replace(/(^|[\s(])(https?:\/\/[^\s<)]+)/g, '$1<discord-link href="$2">$2</discord-link>');
		return s.replace(/\u0001(\d+)\u0001/g, (_, i) => codes[Number(i)]);
	};
	const out = [];
	for (const line of text.split('\n')) {
		let m;
		if ((m = /^\u0000(\d+)\u0000$/.exec(line))) out.push(blocks[Number(m[1])]);
		else if ((m = /^(#{1,3}) (.*)$/.exec(line))) out.push(`<discord-header level="${m[1].length}">${inline(m[2])}</discord-header>`);
		else if ((m = /^-# (.*)$/.exec(line))) out.push(`<discord-subscript>${inline(m[1])}</discord-subscript>`);
		else if ((m = /^>>? (.*)$/.exec(line))) out.push(`<discord-quote>${inline(m[1])}</discord-quote>`);
		else if ((m = /^\s*[-*] (.*)$/.exec(line))) out.push(`• ${inline(m[1])}<br>`);
		else out.push(`${inline(line)}<br>`);
	}
	return out
		.join('')
		.replace(/\u0000(\d+)\u0000/g, (_, i) => blocks[Number(i)])
		.replace(/(<br>)+$/, '');
}

// ----- pictures of people ----------------------------------------------------------------

const PALETTE = ['#5865f2', '#3ba55c', '#faa61a', '#ed4245', '#eb459e', '#747f8d'];
function avatar(name, bot) {
	let h = 0;
	for (const ch of name) h = (h * 31 + ch.codePointAt(0)) >>> 0;
	const colour = bot ? '#5865f2' : PALETTE[(h % (PALETTE.length - 1)) + 1];
	const letter = esc((name || '?').slice(0, 1).toUpperCase());
	const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80"><circle cx="40" cy="40" r="40" fill="${colour}"/><text x="40" y="53" font-family="sans-serif" font-size="38" font-weight="bold" fill="#fff" text-anchor="middle">${bot ? '⚔' : letter}</text></svg>`;
	return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

// ----- messages ---------------------------------------------------------------------------

const BUTTON_TYPES = { 1: 'primary', 2: 'secondary', 3: 'success', 4: 'destructive', 5: 'secondary', 6: 'primary' };
const colour = (c) => (typeof c === 'number' ? `#${c.toString(16).padStart(6, '0')}` : null);

function fileUrl(ctx, file) {
	return file ? `${ctx.base}/${file.split('/').map(encodeURIComponent).join('/')}` : null;
}

function attachmentUrl(ctx, msg, url) {
	if (!url) return null;
	if (url.startsWith('attachment://')) {
		const name = url.slice('attachment://'.length);
		const a = (msg.attachments || []).find((x) => x.filename === name);
		return a && a.file ? fileUrl(ctx, a.file) : MISSING_IMAGE;
	}
	// Anything else would be fetched from the network: not drawn.
	return MISSING_IMAGE;
}

const MISSING_IMAGE = `data:image/svg+xml;base64,${Buffer.from(
	'<svg xmlns="http://www.w3.org/2000/svg" width="320" height="80"><rect width="320" height="80" fill="#2b2d31" stroke="#ed4245" stroke-dasharray="6 4"/><text x="160" y="45" font-family="sans-serif" font-size="14" fill="#ed4245" text-anchor="middle">picture not recorded</text></svg>'
).toString('base64')}`;

function embedHtml(e, msg, ctx) {
	const attrs = [];
	const c = colour(e.color);
	if (c) attrs.push(`color="${c}"`);
	if (e.title) attrs.push(`embed-title="${esc(e.title)}"`);
	if (e.url) attrs.push(`url="${esc(e.url)}"`);
	if (e.author && e.author.name) attrs.push(`author-name="${esc(e.author.name)}"`);
	if (e.image && e.image.url) attrs.push(`image="${esc(attachmentUrl(ctx, msg, e.image.url))}"`);
	if (e.thumbnail && e.thumbnail.url) attrs.push(`thumbnail="${esc(attachmentUrl(ctx, msg, e.thumbnail.url))}"`);
	let inner = '';
	if (e.description) inner += `<discord-embed-description slot="description">${markdown(e.description, ctx)}</discord-embed-description>`;
	if (Array.isArray(e.fields) && e.fields.length) {
		let inlineIndex = 0;
		const fields = e.fields.map((f) => {
			inlineIndex = f.inline ? (inlineIndex % 3) + 1 : 0;
			const inl = f.inline ? ` inline inline-index="${inlineIndex}"` : '';
			return `<discord-embed-field field-title="${esc(f.name)}"${inl}>${markdown(f.value, ctx)}</discord-embed-field>`;
		});
		inner += `<discord-embed-fields slot="fields">${fields.join('')}</discord-embed-fields>`;
	}
	if (e.footer && e.footer.text) inner += `<discord-embed-footer slot="footer">${esc(e.footer.text)}</discord-embed-footer>`;
	return `<discord-embed slot="embeds" ${attrs.join(' ')}>${inner}</discord-embed>`;
}

function componentsHtml(rows, ctx) {
	const out = [];
	const notes = [];
	for (const row of rows || []) {
		const children = Array.isArray(row.components) ? row.components : [row];
		const items = children.map((c) => {
			if (c.type === 2) {
				const emoji = c.emoji && c.emoji.name && !c.emoji.id ? `${esc(c.emoji.name)} ` : '';
				const attrs = [`type="${BUTTON_TYPES[c.style] || 'secondary'}"`];
				if (c.disabled) attrs.push('disabled');
				if (c.style === 5 && c.url) attrs.push(`url="${esc(c.url)}"`);
				return `<discord-button ${attrs.join(' ')}>${emoji}${esc(c.label || '')}</discord-button>`;
			}
			if ([3, 5, 6, 7, 8].includes(c.type)) {
				const options = (c.options || []).map(
					(o) => `<discord-string-select-menu-option label="${esc(o.label)}"${o.description ? ` description="${esc(o.description)}"` : ''}></discord-string-select-menu-option>`
				);
				const names = (c.options || []).map((o) => (o.default ? `${o.label} (default)` : o.label));
				if (names.length) notes.push(`▾ ${esc(c.placeholder || 'menu')}: ${names.map(esc).join(' · ')}`);
				// As Discord's clients: a menu with options picked by default shows them, not its placeholder.
				const picked = (c.options || []).filter((o) => o.default).map((o) => o.label);
				const face = picked.length ? picked.join(', ') : c.placeholder || 'Make a selection';
				return `<discord-string-select-menu placeholder="${esc(face)}"${c.disabled ? ' disabled' : ''}>${options.join('')}</discord-string-select-menu>`;
			}
			return `<span class="note">[component type ${c.type}]</span>`;
		});
		out.push(`<discord-action-row>${items.join('')}</discord-action-row>`);
	}
	if (!out.length) return '';
	const menuNotes = notes.map((n) => `<div class="menu-options">${n}</div>`).join('');
	return `<discord-attachments slot="components">${out.join('')}</discord-attachments>${menuNotes ? `<div slot="components">${menuNotes}</div>` : ''}`;
}

function attachmentsHtml(msg, ctx) {
	const inEmbeds = new Set();
	for (const e of msg.embeds || []) {
		for (const u of [e.image && e.image.url, e.thumbnail && e.thumbnail.url]) {
			if (u && u.startsWith('attachment://')) inEmbeds.add(u.slice('attachment://'.length));
		}
	}
	const items = (msg.attachments || [])
		.filter((a) => !inEmbeds.has(a.filename))
		.map((a) => {
			const isImage = /\.(png|jpe?g|gif|webp)$/i.test(a.filename);
			if (isImage) {
				const alt = a.description ? ` alt="${esc(a.description)}"` : '';
				// Our own <img>, so that a wide picture is scaled to fit the message as Discord
				// does (at most 550 × 350, never wider than the column), not cropped.
				const src = esc(a.file ? fileUrl(ctx, a.file) : MISSING_IMAGE);
				return `<discord-image-attachment custom-image-element${alt}><img class="attachment" src="${src}"${alt}></discord-image-attachment>`;
			}
			return `<discord-file-attachment name="${esc(a.filename)}" bytes="${a.size || 0}" href="#"></discord-file-attachment>`;
		});
	return items.length ? `<discord-attachments slot="attachments">${items.join('')}</discord-attachments>` : '';
}

function note(html, kind = '') {
	return `<div class="note ${kind}">${html}</div>`;
}

function messageHtml(m, ctx, label) {
	const author = ctx.users[m.author] || { name: 'unknown', bot: true };
	const attrs = [`author="${esc(author.name)}"`, `avatar="${avatar(author.name, author.bot)}"`, `timestamp="${esc(label)}"`];
	if (author.bot) attrs.push('bot');
	if (m.ephemeral) attrs.push('ephemeral');
	if (m.version > 0) attrs.push('edited');
	if (ctx.viewerId && m.pingsViewer) attrs.push('highlight');
	let inner = '';
	if (m.interaction && m.interaction.type === 'command') {
		const who = ctx.users[m.interaction.user] || { name: '?' };
		inner += `<discord-command slot="reply" author="${esc(who.name)}" avatar="${avatar(who.name, who.bot)}" command="/${esc(m.interaction.name)}"></discord-command>`;
	}
	if (m.loading) inner += `<span class="thinking">${esc(author.name)} is thinking…</span>`;
	else inner += markdown(m.content, ctx);
	inner += attachmentsHtml(m, ctx);
	inner += (m.embeds || []).map((e) => embedHtml(e, m, ctx)).join('');
	inner += componentsHtml(m.components, ctx);
	return `<discord-message ${attrs.join(' ')}>${inner}</discord-message>`;
}

function buttonsText(rows) {
	const labels = [];
	for (const row of rows || []) {
		for (const c of Array.isArray(row.components) ? row.components : [row]) {
			if (c.type === 2) labels.push(`[${c.label || c.emoji?.name || '?'}${c.disabled ? ' (disabled)' : ''}]`);
			else labels.push(`[menu: ${c.placeholder || '…'}]`);
		}
	}
	return labels.length ? labels.join(' ') : 'none';
}

/** The blocks of a document: each a chunk of HTML (a message with the notes that go with it). */
function blocks(doc, ctx) {
	const out = [];
	const numbers = new Map();
	const last = new Map();
	const pinged = new Map();
	const name = (id) => esc((ctx.users[id] || { name: '?' }).name);
	const number = (id) => {
		if (!numbers.has(id)) numbers.set(id, numbers.size + 1);
		return numbers.get(id);
	};
	let pendingNotes = '';
	for (const e of doc.entries) {
		if (e.kind === 'action') {
			const who = name(e.user);
			const you = ctx.viewerId === e.user ? ' (you)' : '';
			let what;
			if (e.type === 'command') what = `used <b>${esc(e.command)}</b>`;
			else if (e.type === 'button') what = `clicked <b>[${esc(e.label ?? e.custom_id)}]</b> on msg ${numbers.get(e.message) ?? '?'}`;
			else if (e.type === 'select') what = `picked <b>${esc((e.labels && e.labels.length ? e.labels : e.values).join(', '))}</b> on msg ${numbers.get(e.message) ?? '?'}`;
			else what = 'sent a form';
			const failed = e.answered ? '' : ' — <span class="failed">This interaction failed</span>';
			pendingNotes += note(`▶ ${who}${you} ${what}${failed}`, 'action');
			continue;
		}
		if (e.kind === 'thread') {
			const from = e.starter_message ? ` from msg ${numbers.get(e.starter_message) ?? '?'}` : '';
			const what = e.event === 'create' ? `thread <b>${esc(e.name)}</b> started${from}` : `thread <b>${esc(e.name)}</b> updated${e.archived ? ' (archived)' : ''}${e.locked ? ' (locked)' : ''}`;
			pendingNotes += note(`🧵 ${what}`, 'thread');
			continue;
		}
		if (e.kind === 'modal') {
			pendingNotes += note(`🗔 a form opens: <b>${esc(e.title)}</b>`, 'action');
			continue;
		}
		if (e.kind !== 'message') continue;
		const n = number(e.message);
		const where = ctx.channels[e.channel];
		const place = where ? `${where.type === 'thread' ? '🧵 ' : '#'}${esc(where.name)}` : '?';
		if (e.event === 'create' && e.pings && e.pings.length) pinged.set(e.message, e.pings);
		// Discord highlights a message that mentions you, if that mention notified you.
		const m = { ...e, pingsViewer: (pinged.get(e.message) || []).includes(ctx.viewerId) && (e.mentions || []).includes(ctx.viewerId) };
		if (e.event === 'delete') {
			out.push(pendingNotes + note(`🗑 msg ${n} deleted (${place})`, 'edit'));
			pendingNotes = '';
			continue;
		}
		const prev = last.get(e.message);
		last.set(e.message, e);
		let head = '';
		if (e.event === 'create') {
			const bell = e.pings && e.pings.length ? ` · 🔔 pings ${e.pings.map(name).join(', ')}${e.silent ? ' (silent)' : ''}` : ' · no ping';
			const mentions = (e.mentions || []).filter((u) => !(e.pings || []).includes(u));
			const quiet = mentions.length ? ` · mentions without ping: ${mentions.map(name).join(', ')}` : '';
			head = note(`msg ${n} · ${e.ephemeral ? 'ephemeral, ' : ''}new in ${place}${bell}${quiet}`, 'meta');
			out.push(pendingNotes + head + messageHtml(m, ctx, `msg ${n}`));
			pendingNotes = '';
			continue;
		}
		const changed = (e.changed || []).filter((c) => c !== 'loading');
		if (changed.length === 1 && changed[0] === 'components' && prev) {
			out.push(pendingNotes + note(`✎ msg ${n} edited (${place}): buttons ${buttonsText(prev.components)} → ${buttonsText(e.components)}`, 'edit'));
			pendingNotes = '';
			continue;
		}
		if (!changed.length && !(e.changed || []).includes('loading')) {
			out.push(pendingNotes + note(`✎ msg ${n} edited (${place}) with nothing visible changed`, 'edit'));
			pendingNotes = '';
			continue;
		}
		const what = (e.changed || []).includes('loading') ? 'filled in (was thinking…)' : `edited: ${changed.join(', ')} changed`;
		head = note(`✎ msg ${n} ${what} · ${e.ephemeral ? 'ephemeral, ' : ''}${place}`, 'edit');
		out.push(pendingNotes + head + messageHtml(m, ctx, `msg ${n} · edit ${e.version}`));
		pendingNotes = '';
	}
	if (pendingNotes) out.push(pendingNotes);
	return out;
}

const STYLE = `
html, body { margin: 0; padding: 0; background: #313338; }
body { font-family: 'gg sans', 'Noto Sans', 'Helvetica Neue', Helvetica, Arial, sans-serif; }
.page-title { color: #f2f3f5; font-size: 14px; padding: 10px 16px; background: #2b2d31; border-bottom: 1px solid #1f2023; }
.page-title b { color: #fff; }
discord-messages { border: none; }
.note { font-size: 12.5px; line-height: 1.35; color: #949ba4; margin: 4px 16px 2px 72px; padding: 2px 8px; border-left: 2px dashed #4e5058; font-family: 'DejaVu Sans Mono', monospace; }
.note.action { color: #c9cdfb; border-left-color: #5865f2; }
.note.edit { color: #f0b232; border-left-color: #f0b232; }
.note.thread { color: #9cdcb3; border-left-color: #23a55a; }
.note b { color: #f2f3f5; font-weight: 600; }
.failed { color: #ed4245; font-weight: bold; }
.menu-options { font-size: 12.5px; color: #b5bac1; margin-top: 4px; font-family: 'DejaVu Sans Mono', monospace; }
.thinking { color: #949ba4; font-style: italic; }
code.inline { font-family: 'DejaVu Sans Mono', Consolas, monospace; font-size: 0.85em; background: #2b2d31; border: 1px solid #1e1f22; border-radius: 4px; padding: 0 0.2em; }
img.attachment { display: block; max-width: min(100%, 550px); max-height: 350px; width: auto; height: auto; border-radius: 3px; }
@media (max-width: 500px) { .note { margin-left: 16px; } }
`;

function pageHtml(doc, blocksHtml, title, ctx) {
	const importMap = {
		imports: {
			lit: '/nm/lit/index.js',
			'lit/': '/nm/lit/',
			'lit-html': '/nm/lit-html/lit-html.js',
			'lit-html/': '/nm/lit-html/',
			'lit-element': '/nm/lit-element/index.js',
			'lit-element/': '/nm/lit-element/',
			'@lit/reactive-element': '/nm/@lit/reactive-element/reactive-element.js',
			'@lit/reactive-element/': '/nm/@lit/reactive-element/',
			'@lit/context': '/nm/@lit/context/index.js',
			'@lit/context/': '/nm/@lit/context/'
		}
	};
	const where = ctx.channelName ? ` · ${esc(ctx.channelName)}` : '';
	return `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${esc(title)}</title>
<style>${STYLE}</style>
<script>globalThis.$discordMessage = { defaultTheme: 'dark' };</script>
<script type="importmap">${JSON.stringify(importMap)}</script>
<script type="module">
import '/nm/@skyra/discord-components-core/dist/index.js';
await customElements.whenDefined('discord-message');
window.__ready = true;
</script>
</head><body>
<div class="page-title">What <b>${esc(doc.viewer.name)}</b> sees${where} — ${esc(title)}</div>
<discord-messages>
${blocksHtml.map((b) => `<div class="block">${b}</div>`).join('\n')}
</discord-messages>
</body></html>`;
}

// ----- files and serving -------------------------------------------------------------------

function findTests(root) {
	if (existsSync(join(root, 'index.json'))) return [root];
	const out = [];
	for (const name of readdirSync(root).sort()) {
		const p = join(root, name);
		if (statSync(p).isDirectory()) out.push(...findTests(p));
	}
	return out;
}

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript', '.json': 'application/json', '.png': 'image/png', '.gif': 'image/gif', '.jpg': 'image/jpeg', '.svg': 'image/svg+xml', '.css': 'text/css' };

/** Serves `/nm/…` from node_modules and `/<mount>/…` from folders, on 127.0.0.1. */
function serve(mounts) {
	const server = createServer((req, res) => {
		const url = decodeURIComponent(new URL(req.url, 'http://x').pathname);
		for (const [prefix, dir] of Object.entries(mounts)) {
			if (url.startsWith(`/${prefix}/`)) {
				const path = resolve(dir, `.${url.slice(prefix.length + 1)}`);
				if ((path === dir || path.startsWith(dir + sep)) && existsSync(path) && statSync(path).isFile()) {
					res.writeHead(200, { 'content-type': TYPES[extname(path)] || 'application/octet-stream' });
					res.end(readFileSync(path));
					return;
				}
			}
		}
		res.writeHead(404);
		res.end();
	});
	return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(server)));
}

// ----- missing pictures ---------------------------------------------------------------------

// The pictures a document shows that cannot be drawn: an attachment without its file
// (`"file": null`) or whose file is not beside the document, and an embed's
// `attachment://` picture that names no attachment of its message. One line each.
function missingPictures(doc, testDir) {
	const out = [];
	for (const e of doc.entries) {
		if (e.kind !== 'message' || e.event === 'delete') continue;
		const where = `seq ${e.seq}, message ${e.message} version ${e.version} (${e.via})`;
		const files = e.attachments || [];
		for (const a of files) {
			if (!a.file) out.push(`${where}: ${a.filename} (id ${a.id}) was sent but not recorded`);
			else if (!existsSync(join(testDir, a.file))) out.push(`${where}: ${a.filename}: ${a.file} is not there`);
		}
		for (const em of e.embeds || []) {
			for (const u of [em.image && em.image.url, em.thumbnail && em.thumbnail.url]) {
				if (u && u.startsWith('attachment://') && !files.some((a) => a.filename === u.slice('attachment://'.length))) {
					out.push(`${where}: the embed shows ${u}, which is not attached`);
				}
			}
		}
	}
	return out;
}

// ----- main ---------------------------------------------------------------------------------

async function main() {
	const opts = parseArgs(process.argv.slice(2));
	if (opts.help || opts.positional.length !== 2) {
		console.error('usage: draw.mjs <transcript dir> <out dir> [--max-height PX] [--widths 1280,360] [--only viewer] [--chromium path]');
		process.exit(opts.help ? 0 : 2);
	}
	const [inDir, outDir] = opts.positional.map((p) => resolve(p));
	const tests = findTests(inDir);
	if (!tests.length) throw new Error(`no transcript (index.json) under ${inDir}`);
	mkdirSync(outDir, { recursive: true });
	const server = await serve({ nm: join(HERE, 'node_modules'), t: inDir, out: outDir });
	const origin = `http://127.0.0.1:${server.address().port}`;
	const profile = mkdtempSync(join(tmpdir(), 'transcript-chromium-'));
	const browser = await puppeteer.launch({
		executablePath: opts.chromium,
		headless: true,
		args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage', '--font-render-hinting=none'],
		userDataDir: profile
	});
	const written = [];
	const missing = [];
	try {
		const page = await browser.newPage();
		await page.setRequestInterception(true);
		page.on('request', (r) => (r.url().startsWith(origin) || r.url().startsWith('data:') ? r.continue() : r.abort()));
		page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
		for (const testDir of tests) {
			const test = relative(inDir, testDir) || testDir.split(sep).pop();
			const index = JSON.parse(readFileSync(join(testDir, 'index.json'), 'utf8'));
			for (const { file } of index.documents) {
				const stem = file.replace(/\.json$/, '');
				if (opts.only && opts.only !== stem) continue;
				const doc = JSON.parse(readFileSync(join(testDir, file), 'utf8'));
				if (doc.schema !== SCHEMA) throw new Error(`${file}: schema ${doc.schema}, expected ${SCHEMA}`);
				missing.push(...missingPictures(doc, testDir).map((m) => `${test}/${file}: ${m}`));
				const ctx = {
					users: doc.users,
					channels: doc.channels,
					viewerId: doc.viewer.id,
					clock: doc.about && doc.about.clock,
					base: `${origin}/t/${relative(inDir, testDir).split(sep).map(encodeURIComponent).join('/')}`.replace(/\/$/, '')
				};
				const all = blocks(doc, ctx);
				const testOut = join(outDir, test);
				mkdirSync(testOut, { recursive: true });
				const htmlName = `${stem}.html`;
				writeFileSync(join(testOut, htmlName), pageHtml(doc, all, test, ctx));
				const rel = relative(outDir, join(testOut, htmlName)).split(sep).map(encodeURIComponent).join('/');
				for (const width of opts.widths) {
					await page.setViewport({ width, height: 800, deviceScaleFactor: 1 });
					await page.goto(`${origin}/out/${rel}`, { waitUntil: 'networkidle0' });
					await page.waitForFunction('window.__ready === true', { timeout: 15000 });
					// Every element drawn, every picture loaded, the fonts ready.
					const boxes = await page.evaluate(async () => {
						await document.fonts.ready;
						const all = [...document.querySelectorAll('*')];
						await Promise.all(all.filter((el) => el.updateComplete).map((el) => el.updateComplete));
						await Promise.all([...document.images].map((img) => (img.complete ? null : new Promise((r) => { img.onload = img.onerror = r; }))));
						const title = document.querySelector('.page-title').getBoundingClientRect();
						const blocks = [...document.querySelectorAll('.block')].map((b) => {
							const r = b.getBoundingClientRect();
							return { top: r.top + window.scrollY, bottom: r.bottom + window.scrollY };
						});
						return { title: title.bottom + window.scrollY, blocks, height: document.documentElement.scrollHeight };
					});
					await new Promise((r) => setTimeout(r, 100));
					// Cut between blocks: each picture as many whole blocks as fit in maxHeight.
					const slices = [];
					let top = 0;
					let bottom = boxes.title;
					for (const b of boxes.blocks) {
						if (b.bottom - top > opts.maxHeight && bottom > top + 1) {
							slices.push([top, bottom]);
							top = bottom;
						}
						bottom = b.bottom;
					}
					slices.push([top, Math.max(bottom, top + 1)]);
					for (let k = 0; k < slices.length; k++) {
						const [y0, y1] = slices[k];
						const png = join(testOut, `${stem}-${width}-${pad(k + 1)}.png`);
						// Scrolled to the slice in a viewport as tall as it: the page is not laid out anew
						// for every picture (as a full-page capture would).
						const height = Math.ceil(y1 - y0) + 4;
						await page.setViewport({ width, height, deviceScaleFactor: 1 });
						await page.evaluate((y) => window.scrollTo(0, y), y0);
						await page.screenshot({ path: png, clip: { x: 0, y: y0, width, height }, captureBeyondViewport: false });
						written.push(png);
					}
				}
			}
		}
	} finally {
		await browser.close();
		server.close();
		rmSync(profile, { recursive: true, force: true });
	}
	console.log(`${written.length} pictures in ${outDir}`);
	if (missing.length) {
		// Drawn anyway (as "picture not recorded"), but the run fails: every picture the bot
		// sent must be in the transcript.
		console.error(`error: ${missing.length} pictures missing:\n${missing.join('\n')}`);
		process.exitCode = 1;
	}
}

main().catch((e) => {
	console.error(e);
	process.exit(1);
});
