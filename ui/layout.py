"""Page-wide layout for phones (about 390 px wide): a compact header, so the title does not take a
quarter of the screen, and text that wraps instead of scrolling sideways."""

from __future__ import annotations

import streamlit as st

#: Only style rules: Streamlit sends a style-only ``st.html`` to the page without taking any space.
PHONE_CSS = """<style>
@media (max-width: 640px) {
  [data-testid="stMainBlockContainer"] { padding: 3rem 0.75rem 4rem 0.75rem; }
  [data-testid="stMainBlockContainer"] h1 { font-size: 1.5rem; padding: 0.1rem 0 0.3rem 0; }
  [data-testid="stAppHeader"] { height: 2.5rem; min-height: 2.5rem; }
}
[data-testid="stMarkdownContainer"] p, [data-testid="stCaptionContainer"] { overflow-wrap: anywhere; }
</style>"""


def phone_layout() -> None:
    st.html(PHONE_CSS)
