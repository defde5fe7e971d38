"""The evaluation: scenarios run against the real agent and database, judged by rows and regexes, never by a model."""
