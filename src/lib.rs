//! Exact and fast solutions to four prime and board puzzles.
#![deny(missing_docs)]

mod error;
pub mod sieve;

pub use error::Error;
