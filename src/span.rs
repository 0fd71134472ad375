//! Byte spans into a source file, and the mapping from a span to line and column.

/// A byte range in one source file (the scenario, a card file, or a command-line string).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// Byte offset of the first character.
    pub offset: usize,
    /// Length in bytes; 0 points between characters.
    pub len: usize,
}

impl Span {
    /// A span starting at `offset`, `len` bytes long.
    #[must_use]
    pub const fn new(offset: usize, len: usize) -> Self {
        Self { offset, len }
    }

    /// A span `start..start+len` bytes into the text this span begins.
    #[must_use]
    pub const fn at(self, start: usize, len: usize) -> Self {
        Self::new(self.offset + start, len)
    }
}

impl std::fmt::Debug for Span {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "@{}+{}", self.offset, self.len)
    }
}

/// A value with the span of the text it came from.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Spanned<T> {
    /// The value.
    pub node: T,
    /// Where it was written.
    pub span: Span,
}

impl<T> Spanned<T> {
    /// Wraps `node` with `span`.
    pub const fn new(node: T, span: Span) -> Self {
        Self { node, span }
    }
}

/// One-based line and column (in characters) of a byte offset in `src`.
#[must_use]
pub fn line_col(src: &str, offset: usize) -> (usize, usize) {
    let offset = floor_char_boundary(src, offset.min(src.len()));
    let before = &src[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let col = src[line_start..offset].chars().count() + 1;
    (line, col)
}

/// The largest char boundary at or below `i`.
#[must_use]
pub fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}
