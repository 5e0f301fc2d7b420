//! A local stand-in for Discord (work in progress).
