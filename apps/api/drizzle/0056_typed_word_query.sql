-- Hand-written (issue 38): one word of a shopper's keyword as typed, as the keyword search matches
-- it (catalogue/search.ts `typedWordQuery`): the word or the start of one (`word:*`), as written or
-- by its English stem. Most words' stem is the word itself or its start ("fresh"; "organic" →
-- "organ"): then the stem's prefix alone matches all the word's prefix does, and the search index
-- is read once for the word, not twice (a prefix is the dearest read of that index). A stop word
-- has no English query; a word the parser splits keeps both.
-- Immutable and a single expression, so the planner inlines it and folds it for the word asked: the
-- index scan sees the resulting query, and the statement carries the word once, not eight times.
CREATE FUNCTION "stoa_typed_word_query"(lexeme text) RETURNS tsquery
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN numnode(to_tsquery('english'::regconfig, lexeme)) = 0 THEN to_tsquery('simple'::regconfig, lexeme)
    WHEN numnode(to_tsquery('english'::regconfig, lexeme)) = 1 AND numnode(to_tsquery('simple'::regconfig, lexeme)) = 1
      AND starts_with(to_tsquery('simple'::regconfig, lexeme)::text, rtrim(to_tsquery('english'::regconfig, lexeme)::text, ':*'''))
      THEN to_tsquery('english'::regconfig, lexeme)
    ELSE to_tsquery('simple'::regconfig, lexeme) || to_tsquery('english'::regconfig, lexeme)
  END
$$;
