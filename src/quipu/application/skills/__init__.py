"""The skill framework: how the agent finds skills (SKILL.md, intents.yaml), loads their typed hooks, reads their
tools' results back, and how a skill's hooks see the turn and write the reply. The skills themselves are plugins
in `quipu.skills`, found by folder name: nothing here imports them."""
