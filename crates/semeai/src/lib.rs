//! miai-semeai (under construction).
