"""Errors a person can act on. Each carries a stable code and an HTTP status for the API."""

from __future__ import annotations


class RulesPalError(Exception):
    code = "error"
    status = 400

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class EmptyQuestion(RulesPalError):
    code = "empty_question"


class QuestionTooLong(RulesPalError):
    code = "question_too_long"


class UnknownGame(RulesPalError):
    code = "unknown_game"
    status = 404


class BadRequest(RulesPalError):
    code = "bad_request"


class IndexMissing(RulesPalError):
    code = "index_missing"
    status = 503


class UnreadableRulebook(RulesPalError):
    code = "unreadable_rulebook"
    status = 422


class UploadsOff(RulesPalError):
    code = "uploads_off"
    status = 403


class BadToken(RulesPalError):
    code = "unauthorized"
    status = 401


class NotRemovable(RulesPalError):
    code = "not_removable"
    status = 403


class FileTooLarge(RulesPalError):
    code = "file_too_large"
    status = 413


class RulebookExists(RulesPalError):
    code = "rulebook_exists"
    status = 409


class IngestBusy(RulesPalError):
    code = "ingest_busy"
    status = 409


class CorpusDataError(RulesPalError):
    """The shipped corpus data (games.toml, facts) does not match its rulebooks: a maintainer fixes the data."""

    code = "corpus_data"
    status = 500


class LanguageModelSetup(RulesPalError):
    """RULESPAL_LLM names a model that cannot be set up (a missing package, a bad name)."""

    code = "language_model_setup"
    status = 503


class BadSetting(RulesPalError):
    """A ``RULESPAL_*`` environment variable holds a value RulesPal cannot use: the message names it."""

    code = "bad_setting"
    status = 503


class IndexMismatch(RulesPalError):
    """The index on disk was built for other settings than the ones RulesPal runs with: re-ingest, or set them back."""

    code = "index_mismatch"
    status = 503
