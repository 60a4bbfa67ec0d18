"""compcore's Streamlit app: routes only. Every page lives in ``pages/``."""

import streamlit as st

st.set_page_config(page_title="compcore", page_icon="♞", layout="wide")
pages = [st.Page("pages/overview.py", title="Overzicht", icon="🏠", default=True)]
st.navigation(pages).run()
