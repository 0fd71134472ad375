//! What the CLI test files share: the binary, and its exit code with both outputs.

use assert_cmd::Command;

/// The `judge` binary of this build.
pub(crate) fn judge() -> Command {
    Command::cargo_bin("judge").unwrap_or_else(|e| panic!("{e}"))
}

/// Runs `cmd`: its exit code (-1 when killed), standard output and standard error.
pub(crate) fn out(cmd: &mut Command) -> (i32, String, String) {
    let o = cmd.output().unwrap_or_else(|e| panic!("{e}"));
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}
