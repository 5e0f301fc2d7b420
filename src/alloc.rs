//! The memory allocator of every program built on this library (the bot, its tests
//! and benchmarks, the load benchmark's ceiling bot alike): jemalloc.
//!
//! The bot allocates much and from many threads (gateway JSON, rendering, HTTP bodies,
//! SQLite's connection threads); under load, glibc's allocator took about a fifth of its
//! CPU. Freed pages go back to the system after a second rather than jemalloc's default
//! ten, which keeps the peak memory of a busy bot lower at no measurable cost.

#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

/// jemalloc's options, read before `main` (a C string, as `const char *malloc_conf`).
#[used]
#[export_name = "_rjem_malloc_conf"]
static MALLOC_CONF: &[u8; 37] = b"dirty_decay_ms:1000,muzzy_decay_ms:0\0";
