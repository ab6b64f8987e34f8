//! The memory budget of a search: every sizeable allocation is charged
//! before it is made, with the old and new buffers both counted while a
//! vector moves, so the budget bounds the peak.

use crate::Error;

/// Bytes in use against a limit.
#[derive(Debug)]
pub(super) struct Budget {
    max: u64,
    used: u64,
    /// The state space's size, for the error.
    states: u128,
}

impl Budget {
    pub(super) fn new(max: u64, states: u128) -> Budget {
        Budget {
            max,
            used: 0,
            states,
        }
    }

    /// The error for a search past its budget.
    pub(super) fn over(&self) -> Error {
        Error::MemoryBudget {
            states: self.states,
            max_bytes: self.max,
        }
    }

    /// Charges `bytes` more, if the budget allows.
    fn charge(&mut self, bytes: u64) -> Result<(), Error> {
        match self.used.checked_add(bytes) {
            Some(used) if used <= self.max => {
                self.used = used;
                Ok(())
            }
            _ => Err(self.over()),
        }
    }

    /// Makes room in `v` for `additional` more items: at least double the
    /// capacity (so pushes stay amortised `O(1)`), charged before the
    /// allocation; while the items move, both buffers count.
    pub(super) fn reserve<T>(&mut self, v: &mut Vec<T>, additional: usize) -> Result<(), Error> {
        let need = v.len().checked_add(additional).ok_or_else(|| self.over())?;
        if need <= v.capacity() {
            return Ok(());
        }
        let cap = need.max(v.capacity().saturating_mul(2)).max(4);
        let (old, new) = (bytes_of::<T>(v.capacity()), bytes_of::<T>(cap));
        self.charge(new)?;
        if v.try_reserve_exact(cap - v.len()).is_err() {
            self.used -= new;
            return Err(Error::AllocationFailed { bytes: new });
        }
        // The items have moved: the old buffer is gone.
        self.used = self.used - new - old + bytes_of::<T>(v.capacity());
        Ok(())
    }

    /// Appends `x` to `v`, growing it within the budget.
    #[inline]
    pub(super) fn push<T>(&mut self, v: &mut Vec<T>, x: T) -> Result<(), Error> {
        if v.len() == v.capacity() {
            self.reserve(v, 1)?;
        }
        v.push(x);
        Ok(())
    }

    /// A vector of `len` copies of `x`, charged.
    pub(super) fn filled<T: Clone>(&mut self, len: usize, x: T) -> Result<Vec<T>, Error> {
        let mut v = Vec::new();
        self.reserve(&mut v, len)?;
        v.resize(len, x);
        Ok(v)
    }

    /// Frees `v` and its charge.
    pub(super) fn free<T>(&mut self, v: Vec<T>) {
        self.used -= bytes_of::<T>(v.capacity());
    }
}

/// The bytes of `n` items of `T`.
fn bytes_of<T>(n: usize) -> u64 {
    (n as u64).saturating_mul(std::mem::size_of::<T>() as u64)
}
