"""The learned reader: two linear models (intent, mood) over character and word n-grams of what the domain's
reading shows of a clause (its words, the lexicon's cues and slots as tags), trained on the team's corpus.
Deterministic (fixed folds, no random state left open); the confidence is calibrated by one temperature per
model, fitted on out-of-fold scores."""

import math
from dataclasses import dataclass, field

import numpy as np
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import FeatureUnion, Pipeline
from sklearn.svm import LinearSVC

from quipu.adapters.reader.corpus import Example
from quipu.domain.reading.model import Guess, ReadingContext
from quipu.domain.reading.reader import whole_features

FOLDS = 5
TEMPERATURES = tuple(round(0.01 * 1.06**i, 4) for i in range(107))  # 0.01 … 5, each 6% apart
TOP = 4  # guesses kept per clause
BINS = 10  # for the calibration error


def _pipeline() -> Pipeline:
    grams = FeatureUnion(
        [
            ("chars", TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 5), sublinear_tf=True, min_df=1)),
            ("words", TfidfVectorizer(analyzer="word", token_pattern=r"\S+", ngram_range=(1, 2), sublinear_tf=True)),
        ]
    )
    # a linear SVM: as accurate as a logistic regression on this corpus and an order of magnitude faster to
    # train; its margins become probabilities through the fitted temperature
    model = LinearSVC(C=0.5, class_weight="balanced")
    return Pipeline([("grams", grams), ("model", model)])


def _softmax(scores: np.ndarray, temperature: float) -> np.ndarray:
    scaled = scores / temperature
    scaled = scaled - scaled.max(axis=1, keepdims=True)
    exp = np.exp(scaled)
    return exp / exp.sum(axis=1, keepdims=True)


class Compact:
    """A fitted pipeline's arithmetic, without scikit-learn's per-call checks (a clause is read in well under a
    millisecond): the same n-grams, the same weights, the same scores."""

    def __init__(self, pipeline: Pipeline):
        grams, model = pipeline.named_steps["grams"], pipeline.named_steps["model"]
        self.parts = []
        offset = 0
        for _, vectorizer in grams.transformer_list:
            self.parts.append((vectorizer.build_analyzer(), dict(vectorizer.vocabulary_), vectorizer.idf_, offset))
            offset += len(vectorizer.vocabulary_)
        self.coef = np.asarray(model.coef_, dtype=np.float64)
        self.intercept = np.asarray(model.intercept_, dtype=np.float64)
        self.classes = tuple(str(c) for c in model.classes_)

    def scores(self, text: str) -> np.ndarray:
        total = self.intercept.copy()
        for analyze, vocabulary, idf, offset in self.parts:
            counts: dict[int, int] = {}
            for gram in analyze(text):
                index = vocabulary.get(gram)
                if index is not None:
                    counts[index] = counts.get(index, 0) + 1
            if not counts:
                continue
            columns = np.fromiter(counts.keys(), dtype=np.int64)
            values = (1.0 + np.log(np.fromiter(counts.values(), dtype=np.float64))) * idf[columns]
            values /= np.linalg.norm(values)
            total += self.coef[:, offset + columns] @ values
        return total


@dataclass
class Fitted:
    """One trained model, its temperature, and what cross-validation said of it."""

    pipeline: Compact
    temperature: float
    accuracy: float  # out-of-fold
    calibration_error: float  # expected, out-of-fold, after the temperature
    raw_calibration_error: float  # before it
    labels: tuple[str, ...] = field(default_factory=tuple)

    def guesses(self, features: str) -> tuple[Guess, ...]:
        scores = self.pipeline.scores(features).reshape(1, -1)
        probabilities = _softmax(scores, self.temperature)[0]
        best = np.argsort(-probabilities)[:TOP]
        return tuple(Guess(str(self.labels[i]), round(float(probabilities[i]), 4)) for i in best)


def _calibration_error(probabilities: np.ndarray, truth: np.ndarray) -> float:
    confidence = probabilities.max(axis=1)
    right = probabilities.argmax(axis=1) == truth
    error = 0.0
    for low in range(BINS):
        inside = (confidence > low / BINS) & (confidence <= (low + 1) / BINS)
        if inside.any():
            error += inside.mean() * abs(right[inside].mean() - confidence[inside].mean())
    return round(float(error), 4)


def fit(texts: list[str], labels: list[str]) -> Fitted:
    """Out-of-fold scores pick the temperature and measure the model; then it is fitted on everything."""
    names = sorted(set(labels))
    truth = np.array([names.index(label) for label in labels])
    scores = np.zeros((len(texts), len(names)))
    folds = StratifiedKFold(n_splits=FOLDS, shuffle=True, random_state=0)
    for train, test in folds.split(texts, truth):
        model = _pipeline().fit([texts[i] for i in train], [labels[i] for i in train])
        fold_scores = model.decision_function([texts[i] for i in test])
        columns = [names.index(c) for c in model.classes_]
        scores[np.ix_(test, columns)] = fold_scores
        missing = [j for j in range(len(names)) if j not in columns]
        scores[np.ix_(test, missing)] = -1e9
    temperature = min(TEMPERATURES, key=lambda t: _nll(_softmax(scores, t), truth))
    calibrated = _softmax(scores, temperature)
    final = _pipeline().fit(texts, labels)
    return Fitted(
        pipeline=Compact(final),
        temperature=temperature,
        accuracy=round(float((calibrated.argmax(axis=1) == truth).mean()), 4),
        calibration_error=_calibration_error(calibrated, truth),
        raw_calibration_error=_calibration_error(_softmax(scores, 1.0), truth),
        labels=tuple(str(c) for c in final.classes_),
    )


def _nll(probabilities: np.ndarray, truth: np.ndarray) -> float:
    picked = probabilities[np.arange(len(truth)), truth]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


@dataclass
class LinearReader:
    """The trained reader the domain's reading calls for each clause."""

    intents: Fitted
    moods: Fitted
    fingerprint: str
    examples: int

    def read(self, features: str) -> tuple[tuple[Guess, ...], tuple[Guess, ...]]:
        return self.intents.guesses(features), self.moods.guesses(features)

    def report(self) -> dict[str, object]:
        return {
            "fingerprint": self.fingerprint,
            "examples": self.examples,
            "intents": {
                "labels": len(self.intents.labels),
                "accuracy_out_of_fold": self.intents.accuracy,
                "calibration_error": self.intents.calibration_error,
                "calibration_error_before_temperature": self.intents.raw_calibration_error,
                "temperature": self.intents.temperature,
            },
            "moods": {
                "labels": len(self.moods.labels),
                "accuracy_out_of_fold": self.moods.accuracy,
                "calibration_error": self.moods.calibration_error,
                "calibration_error_before_temperature": self.moods.raw_calibration_error,
                "temperature": self.moods.temperature,
            },
        }


def featurized(examples: list[Example]) -> list[str]:
    return [whole_features(e.text, ReadingContext(language=e.language)) for e in examples]


def train(examples: list[Example], fingerprint: str) -> LinearReader:
    texts = featurized(examples)
    return LinearReader(
        intents=fit(texts, [e.intent for e in examples]),
        moods=fit(texts, [e.mood for e in examples]),
        fingerprint=fingerprint,
        examples=len(examples),
    )


def entropy(guesses: tuple[Guess, ...]) -> float:
    return -sum(g.confidence * math.log(g.confidence) for g in guesses if g.confidence > 0)
