//! A real PostgreSQL server for the tests, started from the machine's installation: one
//! per test binary, on 127.0.0.1 and a free port, in a throwaway data folder, with a fresh
//! database per test.
//!
//! `initdb` and `pg_ctl` refuse to run as root: as root (CI), they run as `nobody` through
//! `runuser`, in a folder owned by `nobody`; as anyone else, as that user.
//!
//! The server stops when the test binary ends, however it ends: a watchdog process (run
//! as the server's user) waits for end-of-file on a pipe whose only writer is this
//! process, then stops the server (`pg_ctl stop -m immediate`) and removes its folder.
//! The kernel closes the pipe when this process exits, panics or is killed.
//!
//! If the server cannot start (PostgreSQL not installed, `initdb` failing…), every test
//! that asks for a database fails, saying why. None is skipped.

#![allow(dead_code)]

use std::net::TcpListener;
use std::os::unix::fs::PermissionsExt as _;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Mutex, OnceLock};

use sqlx::Connection as _;

/// The user the server runs as when the tests run as root.
const ROOT_STAND_IN: &str = "nobody";
/// The database role the tests connect as (trusted on 127.0.0.1 only).
const ROLE: &str = "engarde";

/// A running server.
pub struct Server {
    pub port: u16,
    pub dir: PathBuf,
    /// `pg_ctl`, the data folder and the server's options, to stop and start it again.
    pg_ctl: PathBuf,
    data: PathBuf,
    options: String,
    /// Stops the server once this process ends (see the module's documentation).
    _watchdog: Mutex<(Child, ChildStdin)>,
}

static SERVER: OnceLock<Result<Server, String>> = OnceLock::new();
static DATABASES: AtomicU32 = AtomicU32::new(0);
static DURABLE: AtomicBool = AtomicBool::new(false);

/// Makes the server, if not started yet, flush every commit to disk as a production server
/// does (for benchmarks). By default the tests' server does not (`fsync=off`, asynchronous
/// commits): a crash of the machine is no concern of a throwaway server.
pub fn set_durable(durable: bool) {
    DURABLE.store(durable, Ordering::SeqCst);
}

/// The server of this test binary, started on first use.
///
/// # Panics
/// If PostgreSQL cannot be started, with the reason: the test needing it fails.
pub fn server() -> &'static Server {
    match SERVER.get_or_init(start) {
        Ok(server) => server,
        Err(why) => panic!(
            "PostgreSQL could not be started for this test: {why}. The tests need the machine's PostgreSQL \
             installation (Debian: apt-get install postgresql; .ci/run installs it)"
        ),
    }
}

/// The URL of a new, empty database on the server (the bot migrates it when it opens it).
///
/// # Panics
/// If the server cannot be started or the database made.
pub async fn fresh_database() -> String {
    let server = server();
    let name = format!("t{}_{}", std::process::id(), DATABASES.fetch_add(1, Ordering::SeqCst));
    let mut admin = sqlx::PgConnection::connect(&server.url("postgres"))
        .await
        .unwrap_or_else(|e| panic!("connecting to the test PostgreSQL server: {e}"));
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut admin)
        .await
        .unwrap_or_else(|e| panic!("CREATE DATABASE {name}: {e}"));
    let _ = admin.close().await;
    server.url(&name)
}

impl Server {
    /// Stops the server (`pg_ctl stop -m fast`: every client disconnected, as when an
    /// operator stops it) and waits until it has stopped. Every test of this binary shares
    /// the server: a test that stops it runs alone in its binary, or restarts it before
    /// others need it.
    ///
    /// # Panics
    /// If it cannot be stopped.
    pub fn stop(&self) {
        let mut stop = as_server_user(&self.pg_ctl);
        stop.arg("-D").arg(&self.data).args(["-m", "fast", "-w", "-t", "60", "stop"]);
        run(stop, "pg_ctl stop").unwrap_or_else(|e| panic!("{e}"));
    }

    /// Starts the server stopped by [`Server::stop`] again, on the same port with the same
    /// data, and waits until it takes connections.
    ///
    /// # Panics
    /// If it cannot be started.
    pub fn start_again(&self) {
        let mut start = as_server_user(&self.pg_ctl);
        start.arg("-D").arg(&self.data).arg("-l").arg(self.dir.join("server.log")).args([
            "-o",
            &self.options,
            "-w",
            "-t",
            "60",
            "start",
        ]);
        run(start, "pg_ctl start").unwrap_or_else(|e| panic!("{e}"));
    }

    /// The URL of a database on this server.
    pub fn url(&self, database: &str) -> String {
        format!("postgres://{ROLE}@127.0.0.1:{}/{database}", self.port)
    }
}

/// The folder of PostgreSQL's programs: `PG_BIN` if set, else the one holding the `initdb`
/// in `PATH`, else Debian's newest `/usr/lib/postgresql/*/bin`.
fn bin_dir() -> Result<PathBuf, String> {
    if let Some(dir) = std::env::var_os("PG_BIN") {
        return Ok(PathBuf::from(dir));
    }
    if let Some(path) = std::env::var_os("PATH") {
        for dir in std::env::split_paths(&path) {
            if dir.join("initdb").is_file() && dir.join("pg_ctl").is_file() {
                return Ok(dir);
            }
        }
    }
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .map_err(|e| format!("no initdb in PATH and no /usr/lib/postgresql ({e})"))?
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let version = entry.file_name().to_str()?.parse::<u32>().ok()?;
            let bin = entry.path().join("bin");
            bin.join("initdb").is_file().then_some((version, bin))
        })
        .collect();
    versions.sort();
    versions.pop().map(|(_, bin)| bin).ok_or_else(|| "no initdb under /usr/lib/postgresql/*/bin".to_owned())
}

fn is_root() -> bool {
    // The effective user id, without a libc dependency.
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            let line = status.lines().find(|l| l.starts_with("Uid:"))?;
            line.split_whitespace().nth(2).map(|euid| euid == "0")
        })
        .unwrap_or(false)
}

/// A command running `program` as the server's user.
fn as_server_user(program: &Path) -> Command {
    if is_root() {
        let mut command = Command::new("runuser");
        command.args(["-u", ROOT_STAND_IN, "--"]).arg(program);
        command
    } else {
        Command::new(program)
    }
}

fn run(mut command: Command, what: &str) -> Result<(), String> {
    let out = command.stdin(Stdio::null()).output().map_err(|e| format!("{what}: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "{what} failed ({}): {}{}",
            out.status,
            String::from_utf8_lossy(&out.stdout).trim(),
            String::from_utf8_lossy(&out.stderr).trim()
        ))
    }
}

fn free_port() -> Result<u16, String> {
    let listener = TcpListener::bind("127.0.0.1:0").map_err(|e| format!("no free port: {e}"))?;
    listener.local_addr().map(|a| a.port()).map_err(|e| format!("no free port: {e}"))
}

fn start() -> Result<Server, String> {
    let bin = bin_dir()?;
    // As root, the server's user must reach the folder: /tmp, whatever TMPDIR says.
    let parent = if is_root() { PathBuf::from("/tmp") } else { std::env::temp_dir() };
    let base = parent.join(format!("engarde-pg-{}-{}", std::process::id(), free_port()?));
    std::fs::create_dir(&base).map_err(|e| format!("creating {}: {e}", base.display()))?;
    if is_root() {
        // The folder belongs to the server's user, and only to them.
        run(
            {
                let mut c = Command::new("chown");
                c.arg(format!("{ROOT_STAND_IN}:")).arg(&base);
                c
            },
            "chown of the data folder",
        )?;
    }
    std::fs::set_permissions(&base, std::fs::Permissions::from_mode(0o700))
        .map_err(|e| format!("chmod {}: {e}", base.display()))?;
    let data = base.join("data");
    let mut initdb = as_server_user(&bin.join("initdb"));
    initdb.arg("-D").arg(&data).args(["-U", ROLE, "-A", "trust", "-E", "UTF8", "--no-locale", "--no-sync"]);
    run(initdb, "initdb")?;
    // The watchdog first: from here on, the folder (and the server, once started) goes
    // away with this process.
    let pg_ctl = bin.join("pg_ctl");
    let script = format!(
        "cat >/dev/null; '{}' -D '{}' stop -m immediate >/dev/null 2>&1; rm -rf '{}'",
        pg_ctl.display(),
        data.display(),
        base.display()
    );
    let mut sh = as_server_user(Path::new("/bin/sh"));
    let mut watchdog = sh
        .args(["-c", &script])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("starting the watchdog: {e}"))?;
    let pipe = watchdog.stdin.take().ok_or("the watchdog's pipe")?;
    let mut last = String::new();
    for _ in 0..5 {
        let port = free_port()?;
        let durability = if DURABLE.load(Ordering::SeqCst) {
            ""
        } else {
            "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        };
        let options = format!(
            "-p {port} -c listen_addresses=127.0.0.1 -k '{}' -c max_connections=300 -c shared_buffers=64MB {durability}",
            base.display()
        );
        let mut start = as_server_user(&pg_ctl);
        start
            .arg("-D")
            .arg(&data)
            .arg("-l")
            .arg(base.join("server.log"))
            .args(["-o", &options, "-w", "-t", "60", "start"]);
        match run(start, "pg_ctl start") {
            Ok(()) => {
                return Ok(Server { port, dir: base, pg_ctl, data, options, _watchdog: Mutex::new((watchdog, pipe)) })
            }
            Err(e) => {
                let log = std::fs::read_to_string(base.join("server.log")).unwrap_or_default();
                last = format!("{e}; server log: {}", log.lines().rev().take(5).collect::<Vec<_>>().join(" | "));
            }
        }
    }
    // Stops the watchdog, which removes the folder.
    drop(pipe);
    let _ = watchdog.wait();
    Err(last)
}
