"""Overview (placeholder until the app issue lands): the bundled presets."""

import streamlit as st

from compcore.rulesets import presets

st.title("compcore")
st.write("Interne competitie: de reglementen die compcore kent.")
st.table({r.name: r.description_nl for r in presets()})
