#!/bin/sh
# Draws e2e transcripts as Discord-like pictures (see README.md).
# Usage: tools/transcript/draw.sh <transcript dir> <out dir> [--max-height PX] [--widths 1280,360] [--only viewer]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
if [ ! -d "$here/node_modules/@skyra/discord-components-core" ] || [ ! -d "$here/node_modules/puppeteer-core" ]; then
	(cd "$here" && npm ci --no-audit --no-fund)
fi
if [ ! -x "${CHROMIUM:-/usr/bin/chromium}" ]; then
	echo "draw.sh: no Chromium at ${CHROMIUM:-/usr/bin/chromium}; install it with: apt-get update && apt-get install -y chromium" >&2
	exit 1
fi
exec node "$here/draw.mjs" "$@" --chromium "${CHROMIUM:-/usr/bin/chromium}"
