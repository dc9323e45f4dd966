"""Language models by name: ``ollama:<model>``, ``openai:<model>`` (with a base URL: any OpenAI-compatible
server), or anything LangChain's ``init_chat_model`` knows; tests register scripted fakes."""

from __future__ import annotations

from collections.abc import Callable

from rulespal.core.errors import LanguageModelSetup
from rulespal.core.settings import Settings

_REGISTRY: dict[str, Callable[[str, Settings], object]] = {}


def register_chat_model(provider: str, factory: Callable[[str, Settings], object]) -> None:
    _REGISTRY[provider] = factory


def chat_model(settings: Settings):
    """The chat model ``settings.llm`` names (None when it names none)."""
    if not settings.llm:
        return None
    provider, _, name = settings.llm.partition(":")
    who = f"language model {settings.llm!r} (RULESPAL_LLM or --llm)"
    if not name:
        raise LanguageModelSetup(f"{who}: write provider:model, e.g. ollama:llama3.2")
    if provider in _REGISTRY:
        return _REGISTRY[provider](name, settings)
    from langchain.chat_models import init_chat_model

    kwargs: dict = {}
    if settings.llm_base_url:
        kwargs["base_url"] = settings.llm_base_url
    if provider == "ollama":
        kwargs["client_kwargs"] = {"timeout": settings.llm_timeout}
    else:
        kwargs |= {"timeout": settings.llm_timeout, "max_retries": 0}
        if settings.llm_api_key is not None:
            kwargs["api_key"] = settings.llm_api_key.get_secret_value()
    try:
        return init_chat_model(name, model_provider=provider, **kwargs)
    except ImportError:
        raise LanguageModelSetup(f"{who}: the LangChain package for {provider!r} is not installed "
                                 f"(pip install langchain-{provider})") from None
    except ValueError as e:
        if "provider" in str(e).casefold():  # LangChain names the providers it knows; the key is not in it
            raise LanguageModelSetup(f"{who}: LangChain has no provider {provider!r}; write "
                                     "provider:model with a provider such as ollama, openai or anthropic") from None
        raise LanguageModelSetup(f"{who}: the model could not be set up (ValueError); "
                                 "check RULESPAL_LLM_API_KEY and RULESPAL_LLM_BASE_URL") from None
    except Exception as e:  # its message may quote the configuration: name the kind of problem only
        raise LanguageModelSetup(f"{who}: the model could not be set up ({e.__class__.__name__}); check "
                                 "RULESPAL_LLM_API_KEY and RULESPAL_LLM_BASE_URL") from None
