"""quipu: an AI-first customer-service agent for retail banks."""

__version__ = "0.1.0"
