//! miai-nko (under construction).
