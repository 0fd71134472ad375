//! The `judge` binary: a thin shell over the library.

fn main() -> std::process::ExitCode {
    judge::cli::main_with(std::env::args_os())
}
