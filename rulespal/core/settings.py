"""One settings object for the whole app, read from ``RULESPAL_*`` environment variables."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pydantic import Field, SecretStr, ValidationError, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from rulespal.core.errors import BadSetting

REPO_ROOT = Path(__file__).resolve().parents[2]


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="RULESPAL_", extra="ignore")

    data_dir: Path = REPO_ROOT / "data"
    corpus_dir: Path = REPO_ROOT / "corpus"
    # Embeddings by (model, text): re-ingesting unchanged text costs nothing. Default: <data_dir>/cache.
    cache_dir: Path | None = None
    # Dense embedders fused at query time: "use" (multilingual, default), "minilm",
    # or "st:<sentence-transformers model name or path>"; comma-separated.
    embedders: str = "use"
    lexical: bool = True
    # Sentences of English rulebooks are also matched with this model, which ranks English
    # sentences better than USE (evals: dev answer accuracy 0.73 -> 0.79). Empty to switch off.
    unit_embedder_en: str = "minilm"
    # The trained cross-encoder that reads the question with each candidate rule ("minilm-reader",
    # rulespal/retrieval/reader.py; its card: rulespal/models/READER.md). Empty to switch off.
    reader: str = "minilm-reader"
    # The yes/no model that reads a yes/no question with its rule ("minilm-verdict": rulespal/models/verdict.onnx,
    # trained by `make verdict`; rulespal/models/verdict-card.json, training/verdict/README.md). Empty to switch off.
    verdict: str = "minilm-verdict"
    # Point at a Chroma server ("http://127.0.0.1:8001") instead of the embedded store.
    chroma_url: str | None = None
    # Curated per-game data (corpus/facts/*.toml and the games.toml glossaries) on or off; off shows how
    # the general logic does on its own (`rulespal eval --no-curated`).
    curated: bool = True
    # A language model writes fluent answers, checked like any other ("ollama:llama3.2", "openai:gpt-4o-mini",
    # anything LangChain's init_chat_model knows). Empty: the extractive writer only.
    llm: str = ""
    llm_base_url: str | None = None  # an OpenAI-compatible server (vLLM, llama.cpp, LM Studio) or Ollama's URL
    llm_api_key: SecretStr | None = None  # never logged, never shown
    llm_timeout: float = 30.0  # seconds; then the extractive answer, with a note
    max_question_chars: int = Field(default=2000, ge=1)
    max_history_turns: int = 20
    max_file_mb: int = 50  # a rulebook file, from the CLI or an upload
    # Uploads from the chat page and POST /api/rulebooks are off unless this is set; clients send it as a bearer
    # token. Never logged, never shown.
    upload_token: SecretStr | None = None
    max_body_kb: int = 64  # larger HTTP request bodies get a 413
    # Per-client rate limit on /api/*: a bucket of ``rate_burst`` requests refilled at this rate.
    rate_per_minute: int = 240
    rate_burst: int = 60
    # Passages a search returns: ``default_k`` when it names none, at most ``max_k`` (API and `rulespal search`).
    default_k: int = Field(default=5, ge=1)
    max_k: int = Field(default=50, ge=1, le=1000)
    # Units (sentences, items, rows) are embedded at ingest when the corpus has at most this many (1.8 kB each on
    # disk, float16, both models; the server maps the files, so they cost page cache, not its memory; ingest holds
    # them in float32 once, ~3.6 kB each: 200,000 is ~700 MB); beyond, answers embed a few passages' units at
    # query time with the first embedder only, which answers worse (blind set at 21,000 units: 0.57 -> 0.53; at
    # 50,776 units, over the old 50,000 cap, blind dev 0.629 -> 0.592)
    max_embedded_units: int = 200000
    threads: int = Field(default=2, ge=1)

    @model_validator(mode="after")
    def _default_k_fits(self) -> Settings:
        if self.default_k > self.max_k:
            raise ValueError(f"the default k, RULESPAL_DEFAULT_K={self.default_k}, is above RULESPAL_MAX_K="
                             f"{self.max_k}: set RULESPAL_DEFAULT_K to at most {self.max_k}, or RULESPAL_MAX_K to at "
                             f"least {self.default_k}.")
        return self

    @property
    def embedder_specs(self) -> list[str]:
        return [s.strip() for s in self.embedders.split(",") if s.strip()]


@lru_cache
def get_settings() -> Settings:
    """The settings from the environment; a value that cannot be used is a ``BadSetting`` that names it."""
    try:
        return Settings()
    except ValidationError as e:
        raise BadSetting("; ".join(_explain(err) for err in e.errors())) from None


_KINDS = {int: "a whole number", float: "a number", bool: "true or false (or 1/0, yes/no, on/off)"}


def _explain(err) -> str:
    """One problem of a ``ValidationError`` as a line naming the variable, its value and what is allowed."""
    if not err["loc"] or err["loc"][0] not in Settings.model_fields:  # a rule across settings: its own message
        error = err.get("ctx", {}).get("error")
        return str(error) if error else err["msg"]
    name = str(err["loc"][0])
    field = Settings.model_fields[name]
    secret = SecretStr in getattr(field.annotation, "__args__", (field.annotation,))
    value = "(hidden)" if secret else repr(err["input"])
    allowed = _KINDS.get(field.annotation, "a valid value")  # type: ignore[arg-type]  # a type, or None
    low = next((m.ge for m in field.metadata if hasattr(m, "ge")), None)
    high = next((m.le for m in field.metadata if hasattr(m, "le")), None)
    if low is not None:
        allowed += f" from {low} to {high}" if high is not None else f" of at least {low}"
    default = str(field.default).lower() if isinstance(field.default, bool) else field.default
    return f"RULESPAL_{name.upper()}={value} is not valid: use {allowed}; the default is {default}."
