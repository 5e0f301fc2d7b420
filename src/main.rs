//! The `engarde` binary: runs the Discord bot, or replays a match record.

mod replay;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let status = match args.first().map(String::as_str) {
        Some("replay") => replay::run(&args[1..]),
        Some("--help" | "-h") => {
            println!("engarde: En Garde for Discord\n\nUSAGE:\n    engarde               run the bot (coming next)\n    engarde replay FILE   replay a match record (see engarde replay --help)");
            0
        }
        _ => {
            eprintln!("the Discord bot itself is not built yet; try `engarde replay --help`");
            2
        }
    };
    std::process::exit(status);
}
