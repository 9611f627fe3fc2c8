-- Moves the balances of a journal's accounts in one round trip, in the order given (the caller
-- sorts them by code, so two journals touching the same accounts lock them in the same order and
-- cannot deadlock). A platform-wide account (fees, suspense) and a busy merchant's are locked by
-- every posting until its transaction commits: one statement, the last before the commit, instead
-- of one per account holds them for the shortest time. The accounts' checks (an available or
-- pending balance never below zero) apply to each update as before.
CREATE OR REPLACE FUNCTION gerbang_move_balances(ids uuid[], deltas bigint[])
RETURNS void LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF coalesce(array_length(ids, 1), 0) <> coalesce(array_length(deltas, 1), 0) THEN
    RAISE EXCEPTION 'gerbang_move_balances: % accounts but % amounts', array_length(ids, 1), array_length(deltas, 1);
  END IF;
  FOR i IN 1..coalesce(array_length(ids, 1), 0) LOOP
    UPDATE ledger_accounts SET balance_minor = balance_minor + deltas[i] WHERE id = ids[i];
    IF NOT FOUND THEN
      RAISE EXCEPTION 'gerbang_move_balances: ledger account % does not exist', ids[i];
    END IF;
  END LOOP;
END
$$;
