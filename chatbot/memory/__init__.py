"""The memory layer: usable on its own, knows nothing of DSPy or the terminal."""

from chatbot.memory.models import HistoryEvent, Memory, RetrievedMemory, Source, WriteResult
from chatbot.memory.store import MemoryStore

__all__ = ["HistoryEvent", "Memory", "MemoryStore", "RetrievedMemory", "Source", "WriteResult"]
