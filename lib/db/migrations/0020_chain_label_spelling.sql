-- Known chain labels in the chain table's spelling (lib/chain/chains.ts), for collections stored
-- before writes normalised them: "ethereum" and "Ethereum" were two chains in the browse menu.
-- A spelling, not an edit: Version, lastmodified and history stay as they are. The search rows
-- follow, and their triggers queue the bitmap and title-table changes as for any write.
UPDATE collections c
   SET data = jsonb_set(c.data, '{ContractChain}', to_jsonb(s.label))
  FROM (VALUES ('ethereum', 'Ethereum'), ('polygon', 'Polygon'), ('base', 'Base'), ('arbitrum', 'Arbitrum'),
               ('optimism', 'Optimism'), ('avalanche', 'Avalanche'), ('localhost', 'Localhost')) AS s (key, label)
 WHERE lower(btrim(c.data ->> 'ContractChain')) = s.key AND c.data ->> 'ContractChain' <> s.label;--> statement-breakpoint
UPDATE collection_search cs
   SET chain = c.data ->> 'ContractChain'
  FROM collections c
 WHERE c.id = cs.id AND cs.chain <> coalesce(c.data ->> 'ContractChain', '');
