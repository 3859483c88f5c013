"""Errors a user can cause; the CLI renders each as one line."""


class ChatbotError(Exception):
    """Base class for errors shown to the user as one line."""


class StoreLockedError(ChatbotError):
    """The embedded store is open in another process."""


class DimensionMismatchError(ChatbotError):
    """The collection was built with an embedder of another dimension."""


class EmbedderMismatchError(ChatbotError):
    """The collection was built with another embedding model of the same dimension."""


class MemoryNotFoundError(ChatbotError):
    """No memory with that id for this user."""


class ConfigError(ChatbotError):
    """A setting is invalid."""


class TextTooLongError(ConfigError):
    """A memory text over the store's limit (chatbot.memory.validation.MAX_MEMORY_CHARS)."""


class StorageError(ChatbotError):
    """A file of the store cannot be read or written: no space, read-only, damaged."""


class DamagedMemoryError(MemoryNotFoundError):
    """A memory whose stored record is unreadable or fails its integrity check."""
