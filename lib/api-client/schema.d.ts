// Generated from the OpenAPI document by `npm run api:types`; do not edit.

export interface paths {
    "/api-gateway/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create or edit a collection and its perks
         * @description No `nftData.PlatformNFTId`: a new collection, managed by the key's owner. With it: the collection is **replaced whole** (fields left out are removed); `Version`, when sent, must equal the stored one. `perkData` alone, each perk with an existing `PlatformNFTId`: the perks are added. A perk with both ids is replaced whole. One request is one transaction. Send an `Idempotency-Key` to retry safely: a retry with the same key and body within 24 hours replays the first answer (with `Idempotent-Replayed: true`) and stores nothing new. Body at most 1048576 bytes, at most 100 perks a request; a collection holds at most 250 perks and a record (as retrieval returns it) of at most 1048576 bytes, beyond either a 400 stores nothing. A perk may carry the collection's `Version` as you read it: a precondition, as `nftData.Version` is. Server-managed fields (`Managers`, `Perks`, `path`, …) sent back as read are accepted and ignored, and left out of the echo. With `?dryRun=1` (or `true`) nothing is stored: every check runs as for a real write and fails with the same errors, and the answer is a `DryRunResult`: the echo the write would give (its ids are not reserved), and per collection the fields that would change and the fields holding a value that the edit would leave unassigned. No history entry, Version, search change or Idempotency-Key record results from it.
         */
        post: operations["createOrEdit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-gateway/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search collections by text, perk category, chain and status
         * @description `query` matches title, description, creator and perk text; every word must match, as a prefix. Title matches come first. A `query` that is a contract address (`0x` and 40 hex digits, any case) puts the collections with that `ContractAddress` first. `category` is one of: Merch, Events, Gaming, Conference, Discounts, Voting, Food, Drink, IP Rights, Apparel, Video, Music/Audio, Virtual Property, Airdrops, Sports, eSports, Sustainability, Staking. `chain`, `releaseStatus` and `perkStatus` narrow the matches further; all filters combine. Without `query`, the most recently modified come first; `sort` chooses another order. 20 a page (`pageSize` 1 to 100); a page past the last answers `Docs: []`. Only the first 10,000 matches are served: `NumPages` = ceil(min(matches, 10000) / pageSize). `facets=category,chain` adds `Facets`, counted over every match, not the page; the chain facet lists the 20 chains with the most matches and sums the others in `FacetsOther.chain`. Freshness: a search answer may lag a committed write by up to 1 second (retrieval by id is always exact).
         */
        get: operations["search"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-gateway/perks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Find perks by place, date, status and text
         * @description Perks (not collections) matching every filter given, each with its collection's title and image. `near=<lat>,<long>` keeps perks within `radiusKm` (default 50) by great-circle distance on a sphere of radius 6371.0088 km, across the antimeridian and the poles, and adds `DistanceKm` to each; perks without a place are left out. `from`/`to` are whole UTC days, inclusive. A perk whose `Date` is over reads and filters as `Status: "Past"` without any edit (a date without a time is over when its UTC day has ended). `query` matches the perk's descriptions and its collection's title, every word as a prefix. `category` is one of: Merch, Events, Gaming, Conference, Discounts, Voting, Food, Drink, IP Rights, Apparel, Video, Music/Audio, Virtual Property, Airdrops, Sports, eSports, Sustainability, Staking. 20 a page, within the first 10,000 matches, as search. Repeated parameters: the first value counts.
         */
        get: operations["findPerks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-gateway/wallets/{address}/perks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Find the perks a wallet is eligible for
         * @description The perks of every synced collection that the wallet holds enough tokens for: at least the perk's `TokensRequired` tokens of its collection's contract on its chain (ERC-1155: summed over token ids), where an absent `TokensRequired` means 1 and 0 means anyone. A collection counts while its contract is synced (`BlockchainSyncStatus` Synced with nothing wrong). Answered from the service's holdings index, never from the chain: each perk's `Eligibility` gives the figures (holds 1 of 2) and the `Block` they are true at. `Close` lists the perks of collections the wallet holds fewer tokens of than they require, fewest missing first. The filters, order and paging are those of `GET /api-gateway/perks` (20 a page, within the first 10,000). Freshness: an answer may lag the index by up to 1 second, and the index the chain by the chain's confirmation depth.
         */
        get: operations["findWalletPerks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-gateway/collections/{PlatformNFTId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a collection and all its perks
         * @description The answer is exactly what create accepts: change it and send it back (with its `Version`) to edit without losing fields.
         */
        get: operations["getCollection"];
        put?: never;
        post?: never;
        /**
         * Delete a collection and all its perks
         * @description Removes the collection and every perk on it in one transaction; from then on retrieval answers 404 and search no longer finds it. Same key, ownership and rate-limit rules as create (it counts against the create budget). Send the `Version` you last read as `?Version=` to refuse the deletion if someone changed the collection since, and an `Idempotency-Key` to retry safely: a retry with the same key replays the first answer (with `Idempotent-Replayed: true`).
         */
        delete: operations["deleteCollection"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-gateway/collections/{PlatformNFTId}/perks/{PlatformPerkId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a perk from a collection
         * @description Same key, ownership and rate-limit rules as create (it counts against the create budget). The collection gets a new `Version`; send the one you last read as `?Version=` to refuse the removal if someone changed the collection since, and an `Idempotency-Key` to retry safely (a retry with the same key replays the first answer with `Idempotent-Replayed: true`).
         */
        delete: operations["deletePerk"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-gateway/collections/{PlatformNFTId}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a collection's change history
         * @description Every create, edit and delete of the collection and its perks, newest first, 20 a page: who (the account, and the API key or the portal session), when, and per collection or perk what changed, field by field (`From` absent: the field was unassigned; `To` absent: it became unassigned). A page carries at most 262144 bytes of changes: an entry past that budget lists only `ChangesBytes`, and no entry carries the collection as it was after it; `GET …/history/{Id}` answers one entry whole, with its `State`. Only for keys of an account that manages the collection: anyone else gets the same 403 or 404 as an edit would.
         */
        get: operations["getCollectionHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-gateway/collections/{PlatformNFTId}/history/{Id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one history entry whole
         * @description One entry of the collection's history with all its changes and the collection's partner fields and perks as they were after it (`State`, null after a deletion): what a history page leaves out. The same 403 and 404 as the history.
         */
        get: operations["getCollectionHistoryEntry"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-gateway/collections/{PlatformNFTId}/insights": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a collection's daily insights
         * @description Per day (UTC), from `from` to `to` (both included, at most 366 days; default the last 30 days): public page views (counted by a beacon from the page, so views a cache answers count too; known bots not counted), appearances in search answers (API and pages) and as eligible on wallet lookups, claims, redemptions, and clicks on the collection's own links. Counts are kept in each server's memory and added to the store every few seconds: the current day grows during the day, and a server that crashes loses at most its last few seconds of counts. No cookie, address or user agent is stored. For any key of the collection's team (read keys too); anyone else gets the same 403 or 404 as reading its history.
         */
        get: operations["getCollectionInsights"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-gateway/verification/nonce": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start verifying a collection by its contract's owner
         * @description For a collection the key's owner manages, on a synced chain: a one-time nonce and the Sign-In-with-Ethereum (EIP-4361) message naming the collection, chain and contract, to be signed by `Address` (`personal_sign`) and sent to `/api-gateway/verification/verify` within 10 minutes. On the write budget.
         */
        post: operations["getVerificationNonce"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-gateway/verification/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify a collection with a message signed by its contract's owner
         * @description Checks the message (its domain is this host, its chain and statement name the collection's chain and contract, its nonce was issued to this account for this collection, unused and unexpired), the signature (EOA, or ERC-1271 where the RPC allows), and that the signer is the contract's `owner()` at the current block. The collection then carries `Verified: true` and `VerifiedBy`; any other collection of the same contract loses them. The nonce is spent by the first attempt, whatever its outcome.
         */
        post: operations["verifyCollection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-gateway/collections/{PlatformNFTId}/claims": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the claims of a collection's perks
         * @description Every claim holders made of the collection's perks, newest first (at most 10,000): the code, the wallet, the token (one-time perks), the block ownership was checked at, when it was claimed and when redeemed. `format=csv` answers the same as a CSV download (`text/csv`, a header row). Only for keys of the team that owns the collection.
         */
        get: operations["getCollectionClaims"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-gateway/claims/redeem": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Redeem a claim code a holder shows
         * @description Marks the claim with this code redeemed, once, and raises `claim.redeemed`. Only codes of claims on the team's own collections are found: any other code, guessed or another team's, is a 404. A write key; on the write budget and the client address's write budget.
         */
        post: operations["redeemClaimCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-gateway/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        CreateRequest: {
            nftData?: {
                PlatformNFTId?: string | number;
                Title: string;
                ContractChain: string;
                CollectionDescription?: string;
                ContractAddress?: string;
                ContractText?: string;
                Creator?: string;
                Discord?: string;
                Twitter?: string;
                ImagePic?: string;
                MarketPlace?: string;
                MarketPlaceLink?: string;
                /** @enum {string} */
                ReleaseStatus?: "Upcoming" | "Available";
                Website?: string;
                floorPrice?: string;
                marketplaceSlug?: string;
                PriceRange?: string;
                PropertiesNames?: string[];
                PropertiesValues?: string[];
                TokenQuantity?: number;
                TokenQuantityIssued?: number;
                /** @description The collection's `Version` as you last read it: on an edit, a different stored Version is a 409 and nothing changes. Ignored on a new collection. */
                Version?: number;
                /** @description Set by the service. Accepted and ignored on input, so that a record read from the API can be sent back as it is, but it must still have the shape retrieval gives it: a longer value or list is a 400 naming the field. */
                lastmodified?: number;
                /** @description Set by the service. Accepted and ignored on input, so that a record read from the API can be sent back as it is, but it must still have the shape retrieval gives it: a longer value or list is a 400 naming the field. */
                path?: string;
                /** @description Set by the service. Accepted and ignored on input, so that a record read from the API can be sent back as it is, but it must still have the shape retrieval gives it: a longer value or list is a 400 naming the field. */
                Managers?: string[];
                /** @description Set by the service. Accepted and ignored on input, so that a record read from the API can be sent back as it is, but it must still have the shape retrieval gives it: a longer value or list is a 400 naming the field. */
                Perks?: string[];
                /** @description Set by the service. Accepted and ignored on input, so that a record read from the API can be sent back as it is, but it must still have the shape retrieval gives it: a longer value or list is a 400 naming the field. */
                BlockchainSyncStatus?: string;
                /** @description Set by the service. Accepted and ignored on input, so that a record read from the API can be sent back as it is, but it must still have the shape retrieval gives it: a longer value or list is a 400 naming the field. */
                BlockchainSyncLocation?: string;
                /** @description Set by the service. Accepted and ignored on input, so that a record read from the API can be sent back as it is, but it must still have the shape retrieval gives it: a longer value or list is a 400 naming the field. */
                BlockchainSyncError?: string;
                /** @description Set by the service. Accepted and ignored on input, so that a record read from the API can be sent back as it is, but it must still have the shape retrieval gives it: a longer value or list is a 400 naming the field. */
                Verified?: boolean;
                /** @description Set by the service. Accepted and ignored on input, so that a record read from the API can be sent back as it is, but it must still have the shape retrieval gives it: a longer value or list is a 400 naming the field. */
                VerifiedBy?: string;
                /** @description Set by the service. Accepted and ignored on input, so that a record read from the API can be sent back as it is, but it must still have the shape retrieval gives it: a longer value or list is a 400 naming the field. */
                CreationDate?: string;
            };
            perkData?: {
                PlatformNFTId?: string | number;
                PlatformPerkId?: string | number;
                /** @description The collection's `Version` as you last read it. When sent on a perk of an existing collection, a different stored Version is a 409 and nothing changes, exactly as `nftData.Version`. */
                Version?: number;
                ShortDescription: string;
                Tags: ("Merch" | "Events" | "Gaming" | "Conference" | "Discounts" | "Voting" | "Food" | "Drink" | "IP Rights" | "Apparel" | "Video" | "Music/Audio" | "Virtual Property" | "Airdrops" | "Sports" | "eSports" | "Sustainability" | "Staking")[];
                LongDescription?: string;
                Site?: string;
                /** @enum {string} */
                Status?: "Upcoming" | "Past";
                OneTime?: boolean;
                TokensRequired?: number;
                Date?: "" | {
                    dt: {
                        seconds: number;
                        nanoseconds: number;
                    };
                    timeSet: boolean;
                };
                Location?: {
                    GeoPoint?: {
                        _lat: number;
                        _long: number;
                    };
                    address?: string;
                    latitude?: number;
                    longitude?: number;
                    placeId?: string;
                };
            }[];
        };
        VerificationNonceRequest: {
            /** @example k3JqSuoHKx2VrhiBfpKK */
            PlatformNFTId: string | number;
            /**
             * @description The wallet that will sign: the contract's `owner()`.
             * @example 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266
             */
            Address: string;
        };
        VerificationRequest: {
            PlatformNFTId: string | number;
            Message: string;
            Signature: string;
        };
        RedeemRequest: {
            /**
             * @description The claim code, any case; spaces and dashes are ignored.
             * @example K7QX4-MZP2H
             */
            Code: string;
        };
        CreateResponse: {
            nftData?: {
                PlatformNFTId: string;
                Title: string;
                ContractChain: string;
                CollectionDescription?: string;
                ContractAddress?: string;
                ContractText?: string;
                Creator?: string;
                Discord?: string;
                Twitter?: string;
                ImagePic?: string;
                MarketPlace?: string;
                MarketPlaceLink?: string;
                /** @enum {string} */
                ReleaseStatus?: "Upcoming" | "Available";
                Website?: string;
                floorPrice?: string;
                marketplaceSlug?: string;
                PriceRange?: string;
                PropertiesNames?: string[];
                PropertiesValues?: string[];
                TokenQuantity?: number;
                TokenQuantityIssued?: number;
                Version: number;
                /** @description Set by the service. Accepted and ignored on input, so that a record read from the API can be sent back as it is, but it must still have the shape retrieval gives it: a longer value or list is a 400 naming the field. */
                lastmodified?: number;
                /** @description Set by the service. Accepted and ignored on input, so that a record read from the API can be sent back as it is, but it must still have the shape retrieval gives it: a longer value or list is a 400 naming the field. */
                path?: string;
                /** @description Set by the service. Accepted and ignored on input, so that a record read from the API can be sent back as it is, but it must still have the shape retrieval gives it: a longer value or list is a 400 naming the field. */
                Managers?: string[];
                /** @description Set by the service. Accepted and ignored on input, so that a record read from the API can be sent back as it is, but it must still have the shape retrieval gives it: a longer value or list is a 400 naming the field. */
                Perks?: string[];
                /** @description Set by the service. Accepted and ignored on input, so that a record read from the API can be sent back as it is, but it must still have the shape retrieval gives it: a longer value or list is a 400 naming the field. */
                BlockchainSyncStatus?: string;
                /** @description Set by the service. Accepted and ignored on input, so that a record read from the API can be sent back as it is, but it must still have the shape retrieval gives it: a longer value or list is a 400 naming the field. */
                BlockchainSyncLocation?: string;
                /** @description Set by the service. Accepted and ignored on input, so that a record read from the API can be sent back as it is, but it must still have the shape retrieval gives it: a longer value or list is a 400 naming the field. */
                BlockchainSyncError?: string;
                /** @description Set by the service. Accepted and ignored on input, so that a record read from the API can be sent back as it is, but it must still have the shape retrieval gives it: a longer value or list is a 400 naming the field. */
                Verified?: boolean;
                /** @description Set by the service. Accepted and ignored on input, so that a record read from the API can be sent back as it is, but it must still have the shape retrieval gives it: a longer value or list is a 400 naming the field. */
                VerifiedBy?: string;
                /** @description Set by the service. Accepted and ignored on input, so that a record read from the API can be sent back as it is, but it must still have the shape retrieval gives it: a longer value or list is a 400 naming the field. */
                CreationDate?: string;
            };
            perkData?: {
                PlatformNFTId: string;
                PlatformPerkId: string;
                /** @description The collection's `Version` as you last read it. When sent on a perk of an existing collection, a different stored Version is a 409 and nothing changes, exactly as `nftData.Version`. */
                Version?: number;
                ShortDescription: string;
                Tags: ("Merch" | "Events" | "Gaming" | "Conference" | "Discounts" | "Voting" | "Food" | "Drink" | "IP Rights" | "Apparel" | "Video" | "Music/Audio" | "Virtual Property" | "Airdrops" | "Sports" | "eSports" | "Sustainability" | "Staking")[];
                LongDescription?: string;
                Site?: string;
                /** @enum {string} */
                Status?: "Upcoming" | "Past";
                OneTime?: boolean;
                TokensRequired?: number;
                Date?: "" | {
                    dt: {
                        seconds: number;
                        nanoseconds: number;
                    };
                    timeSet: boolean;
                };
                Location?: {
                    GeoPoint?: {
                        _lat: number;
                        _long: number;
                    };
                    address?: string;
                    latitude?: number;
                    longitude?: number;
                    placeId?: string;
                };
            }[];
            /** @constant */
            GatewayStatus: "The gateway is under construction; the data was sent correctly.";
        };
        DryRunResult: {
            /** @constant */
            DryRun: true;
            /** @description The answer the write would give: the ids that would be assigned and the new Versions. Nothing was stored, so these ids are not reserved. */
            Response: {
                [key: string]: unknown;
            };
            Changes: components["schemas"]["DryRunCollection"][];
        };
        DryRunCollection: {
            PlatformNFTId: string;
            Changes: components["schemas"]["ObjectChange"][];
            /** @description Every field holding a value now that the edit would leave unassigned (replace-on-edit). */
            Unassigned: {
                /** @enum {string} */
                Object: "collection" | "perk";
                Id: string;
                Path: string;
            }[];
        };
        ObjectChange: {
            /** @enum {string} */
            Object: "collection" | "perk";
            /** @description The PlatformNFTId of the collection, or the PlatformPerkId of the perk. */
            Id: string;
            /** @enum {string} */
            Kind: "created" | "updated" | "deleted";
            /** @description Only the fields that changed; a created or deleted object lists every field it held. */
            Fields: components["schemas"]["FieldChange"][];
        };
        FieldChange: {
            /** @description The field's name, as in the create request. */
            Path: string;
            /** @description The value before; absent when the field was unassigned. */
            From?: unknown;
            /** @description The value after; absent when the field became unassigned. */
            To?: unknown;
        };
        /** @description Every error answer. */
        Error: {
            /** @description The contract's message, for people: it names the field at fault, and its wording may change. */
            error: string;
            /**
             * @description A stable word for what went wrong, for programs to branch on: `invalid_field` and `unknown_field` (with `field`), `invalid_file` (an import, with its `problems`), `malformed_body`, `invalid_request`, `unauthorized`, `forbidden`, `not_found`, `method_not_allowed`, `conflict`, `version_conflict`, `busy` (the same request, or another import, is still running: retry later), `idempotency_key_reused`, `payload_too_large`, `unsupported_media_type`, `rate_limited`, `internal_error`, `unavailable`. New words may be added.
             * @example invalid_field
             * @enum {string}
             */
            code: "invalid_request" | "malformed_body" | "invalid_field" | "unknown_field" | "invalid_file" | "unauthorized" | "forbidden" | "not_found" | "method_not_allowed" | "conflict" | "version_conflict" | "busy" | "idempotency_key_reused" | "payload_too_large" | "unsupported_media_type" | "rate_limited" | "internal_error" | "unavailable";
            /**
             * @description When one field (or parameter, or header) is at fault: its path as written in code, `perkData[2].Tags[0]`.
             * @example perkData[2].Tags[0]
             */
            field?: string;
        };
        SearchResult: {
            /** @description ceil(min(matches, 10000) / pageSize); 0 when nothing matches. Only the first 10,000 matches are served: a page past them answers Docs: []. */
            NumPages: number;
            Docs: components["schemas"]["SearchDoc"][];
            /** @description Only when `facets` is given. */
            Facets?: components["schemas"]["SearchFacets"];
            /** @description Only when a facet over free text (`chain`) had more than 20 values with matches: the matches of the values left out of `Facets`, per facet. */
            FacetsOther?: components["schemas"]["SearchFacetsOther"];
        };
        SearchDoc: {
            Title: string;
            ContractChain: string;
            CollectionDescription?: string;
            ContractAddress?: string;
            ContractText?: string;
            Creator?: string;
            ImagePic?: string;
            MarketPlace?: string;
            MarketPlaceLink?: string;
            /** @enum {string} */
            ReleaseStatus?: "Upcoming" | "Available";
            Website?: string;
            floorPrice?: string;
            marketplaceSlug?: string;
            PriceRange?: string;
            PropertiesNames?: string[];
            PropertiesValues?: string[];
            TokenQuantity?: number;
            TokenQuantityIssued?: number;
            /**
             * @description Assigned by the service.
             * @example k3JqSuoHKx2VrhiBfpKK
             */
            PlatformNFTId: string;
            /** @description `Users/<user id>` of each account that may edit it. */
            Managers: string[];
            /** @description `Perks/<perk id>` references, in order. */
            Perks: string[];
            /** @description Raised by every write to the collection or its perks. */
            Version: number;
            /** @description Milliseconds since the Unix epoch. */
            lastmodified: number;
            /** @example NFTs/k3JqSuoHKx2VrhiBfpKK */
            path: string;
            /**
             * @description month/day/year
             * @example 11/22/2026
             */
            CreationDate: string;
            /**
             * @description Updating while a sync is pending, behind the chain or failing; Synced when caught up, or with no ContractAddress to follow.
             * @enum {string}
             */
            BlockchainSyncStatus: "Synced" | "Updating";
            /** @description Opaque cursor of the chain sync (`eip155:<chainId>:<block>:<blockHash>`); empty when nothing is indexed. */
            BlockchainSyncLocation: string;
            /** @description Why the collection is not synced, in words; absent when nothing is wrong. */
            BlockchainSyncError?: string;
            /**
             * @description Present (true) when the contract's `owner()` signed a verification for this collection; at most one collection per contract.
             * @constant
             */
            Verified?: true;
            /** @description The address that signed the verification (lower case). */
            VerifiedBy?: string;
        };
        SearchFacets: {
            /** @description Matching collections per category; a collection counts once in each of its categories. */
            category?: {
                [key: string]: number;
            };
            /** @description Matching collections per `ContractChain`, for the 20 chains with the most matches (ties by name); with `FacetsOther.chain` they sum to the matches counted. */
            chain?: {
                [key: string]: number;
            };
        };
        SearchFacetsOther: {
            /** @description Matching collections on the chains beyond the 20 listed in `Facets.chain`. */
            chain?: number;
        };
        PerkSearchResult: {
            /** @description ceil(min(matches, 10000) / 20); 0 when nothing matches. A page past the first 10,000 matches answers Docs: []. */
            NumPages: number;
            Docs: components["schemas"]["PerkSearchDoc"][];
        };
        PerkSearchDoc: {
            ShortDescription: string;
            Tags: ("Merch" | "Events" | "Gaming" | "Conference" | "Discounts" | "Voting" | "Food" | "Drink" | "IP Rights" | "Apparel" | "Video" | "Music/Audio" | "Virtual Property" | "Airdrops" | "Sports" | "eSports" | "Sustainability" | "Staking")[];
            LongDescription?: string;
            Site?: string;
            /** @enum {string} */
            Status?: "Upcoming" | "Past";
            OneTime?: boolean;
            TokensRequired?: number;
            Date?: "" | {
                dt: {
                    seconds: number;
                    nanoseconds: number;
                };
                timeSet: boolean;
            };
            Location?: {
                GeoPoint?: {
                    _lat: number;
                    _long: number;
                };
                address?: string;
                latitude?: number;
                longitude?: number;
                placeId?: string;
            };
            PlatformNFTId: string;
            PlatformPerkId: string;
            CollectionTitle: string;
            CollectionImage?: string;
            /** @description Present when the perk's collection is verified by its contract's `owner()`: that address (`VerifiedBy` on the collection). */
            CollectionVerifiedBy?: string;
            /** @description Great-circle distance from `near`, in km; only with `near`. */
            DistanceKm?: number;
        };
        WalletPerks: {
            /** @description The wallet, EIP-55 checksummed. */
            Address: string;
            /** @description The delegate registry (delegate.xyz v2) as read on each chain with an RPC, shared for up to DELEGATION_CACHE_MS. */
            Delegations: components["schemas"]["DelegationRead"][];
            /** @description ceil(min(eligible perks, 10000) / 20); 0 when none. A page past the first 10,000 answers Docs: []. */
            NumPages: number;
            /** @description One page of the perks the wallet is eligible for. */
            Docs: components["schemas"]["WalletPerk"][];
            /** @description Up to 20 perks of collections the wallet holds some tokens of, but fewer than `TokensRequired`: fewest tokens missing first. The same on every page. */
            Close: components["schemas"]["WalletPerk"][];
        };
        DelegationRead: {
            /** @example Ethereum */
            Chain: string;
            /** @description The block the registry was read at; null when the chain's head could not be read. */
            Block: number | null;
            /** @description Delegations counted: full rights, for all, a contract or a token, from another wallet. */
            Delegations: number;
            /** @description Why the registry gave nothing usable on this chain (it reverted, is absent, answered garbage, or the RPC did not answer): no delegated holdings count there. */
            Problem?: string;
        };
        WalletPerk: {
            ShortDescription: string;
            Tags: ("Merch" | "Events" | "Gaming" | "Conference" | "Discounts" | "Voting" | "Food" | "Drink" | "IP Rights" | "Apparel" | "Video" | "Music/Audio" | "Virtual Property" | "Airdrops" | "Sports" | "eSports" | "Sustainability" | "Staking")[];
            LongDescription?: string;
            Site?: string;
            /** @enum {string} */
            Status?: "Upcoming" | "Past";
            OneTime?: boolean;
            TokensRequired?: number;
            Date?: "" | {
                dt: {
                    seconds: number;
                    nanoseconds: number;
                };
                timeSet: boolean;
            };
            Location?: {
                GeoPoint?: {
                    _lat: number;
                    _long: number;
                };
                address?: string;
                latitude?: number;
                longitude?: number;
                placeId?: string;
            };
            PlatformNFTId: string;
            PlatformPerkId: string;
            CollectionTitle: string;
            CollectionImage?: string;
            /** @description Present when the perk's collection is verified by its contract's `owner()`: that address (`VerifiedBy` on the collection). */
            CollectionVerifiedBy?: string;
            /** @description Great-circle distance from `near`, in km; only with `near`. */
            DistanceKm?: number;
            Eligibility: components["schemas"]["Eligibility"];
        };
        Eligibility: {
            /** @description `Holds` is at least `TokensRequired`. */
            Eligible: boolean;
            /** @description Tokens of the perk's collection that count for the wallet on its chain, per the index (ERC-1155: summed over token ids): its own, plus those of vaults that delegated to it (listed in `Delegated`). */
            Holds: number;
            /** @description The part of `Holds` that vaults delegated to the wallet through the delegate registry, per vault; empty when none. */
            Delegated: components["schemas"]["DelegatedHolding"][];
            /** @description The perk's `TokensRequired`; 1 when the perk has none, 0 means anyone. */
            TokensRequired: number;
            /** @description The block of the collection's chain the figures are true at: the last block indexed. */
            Block: number;
        };
        DelegatedHolding: {
            /** @description The wallet that delegated (delegate registry v2), checksummed. */
            Vault: string;
            /** @description The vault's tokens of the collection that count for this wallet, per the index. */
            Holds: number;
            /** @description The block of the collection's chain the delegation was read at. */
            Block: number;
        };
        CollectionRecord: {
            nftData: components["schemas"]["Collection"];
            perkData: components["schemas"]["Perk"][];
        };
        Collection: {
            Title: string;
            ContractChain: string;
            CollectionDescription?: string;
            ContractAddress?: string;
            ContractText?: string;
            Creator?: string;
            Discord?: string;
            Twitter?: string;
            ImagePic?: string;
            MarketPlace?: string;
            MarketPlaceLink?: string;
            /** @enum {string} */
            ReleaseStatus?: "Upcoming" | "Available";
            Website?: string;
            floorPrice?: string;
            marketplaceSlug?: string;
            PriceRange?: string;
            PropertiesNames?: string[];
            PropertiesValues?: string[];
            TokenQuantity?: number;
            TokenQuantityIssued?: number;
            /**
             * @description Assigned by the service.
             * @example k3JqSuoHKx2VrhiBfpKK
             */
            PlatformNFTId: string;
            /** @description `Users/<user id>` of each account that may edit it. */
            Managers: string[];
            /** @description `Perks/<perk id>` references, in order. */
            Perks: string[];
            /** @description Raised by every write to the collection or its perks. */
            Version: number;
            /** @description Milliseconds since the Unix epoch. */
            lastmodified: number;
            /** @example NFTs/k3JqSuoHKx2VrhiBfpKK */
            path: string;
            /**
             * @description month/day/year
             * @example 11/22/2026
             */
            CreationDate: string;
            /**
             * @description Updating while a sync is pending, behind the chain or failing; Synced when caught up, or with no ContractAddress to follow.
             * @enum {string}
             */
            BlockchainSyncStatus: "Synced" | "Updating";
            /** @description Opaque cursor of the chain sync (`eip155:<chainId>:<block>:<blockHash>`); empty when nothing is indexed. */
            BlockchainSyncLocation: string;
            /** @description Why the collection is not synced, in words; absent when nothing is wrong. */
            BlockchainSyncError?: string;
            /**
             * @description Present (true) when the contract's `owner()` signed a verification for this collection; at most one collection per contract.
             * @constant
             */
            Verified?: true;
            /** @description The address that signed the verification (lower case). */
            VerifiedBy?: string;
        };
        Perk: {
            ShortDescription: string;
            Tags: ("Merch" | "Events" | "Gaming" | "Conference" | "Discounts" | "Voting" | "Food" | "Drink" | "IP Rights" | "Apparel" | "Video" | "Music/Audio" | "Virtual Property" | "Airdrops" | "Sports" | "eSports" | "Sustainability" | "Staking")[];
            LongDescription?: string;
            Site?: string;
            /** @enum {string} */
            Status?: "Upcoming" | "Past";
            OneTime?: boolean;
            TokensRequired?: number;
            Date?: "" | {
                dt: {
                    seconds: number;
                    nanoseconds: number;
                };
                timeSet: boolean;
            };
            Location?: {
                GeoPoint?: {
                    _lat: number;
                    _long: number;
                };
                address?: string;
                latitude?: number;
                longitude?: number;
                placeId?: string;
            };
            PlatformNFTId: string;
            PlatformPerkId: string;
        };
        DeletedCollection: {
            PlatformNFTId: string;
            /** @description How many perks were deleted with the collection. */
            DeletedPerks: number;
        };
        DeletedPerk: {
            PlatformNFTId: string;
            PlatformPerkId: string;
            /** @description The collection's Version after the removal. */
            Version: number;
        };
        HistoryPage: {
            /** @description ceil(entries / 20); 0 without entries. */
            NumPages: number;
            Docs: components["schemas"]["HistoryListEntry"][];
        };
        HistoryListEntry: {
            /** @description Rises with every entry: newer entries have larger ids. */
            Id: number;
            /** @description When, in milliseconds since 1970 (as `lastmodified`). */
            At: number;
            /** @description Who: the account as `Users/<id>`, as in `Managers`. */
            Account: string;
            /** @description How: `Keys/<id>` for the API key used, or "portal session". */
            Via: string;
            /** @description Absent when the page's budget of changes was spent: read the entry on its own. */
            Changes?: components["schemas"]["ObjectChange"][];
            /** @description The size of the entry's changes as JSON text, in bytes. */
            ChangesBytes: number;
            /** @description Whether the entry keeps the collection as it was after it (false for a deletion). */
            HasState: boolean;
        };
        HistoryEntry: {
            /** @description Rises with every entry: newer entries have larger ids. */
            Id: number;
            /** @description When, in milliseconds since 1970 (as `lastmodified`). */
            At: number;
            /** @description Who: the account as `Users/<id>`, as in `Managers`. */
            Account: string;
            /** @description How: `Keys/<id>` for the API key used, or "portal session". */
            Via: string;
            Changes: components["schemas"]["ObjectChange"][];
            /** @description The collection after this change (partner fields only); null once deleted. */
            State: components["schemas"]["HistoryState"] | null;
        };
        HistoryState: {
            nftData: {
                [key: string]: unknown;
            };
            perkData: ({
                PlatformPerkId: string;
            } & {
                [key: string]: unknown;
            })[];
        };
        CollectionInsights: {
            PlatformNFTId: string;
            From: string;
            To: string;
            /** @description The whole range: the collection and all its perks. */
            Totals: components["schemas"]["InsightCounts"];
            /** @description Every day of the range, oldest first, zeros included: the collection's own counts plus its perks'. */
            Days: components["schemas"]["InsightDay"][];
            /** @description Each current perk's totals over the range, in the collection's order. */
            Perks: components["schemas"]["InsightPerk"][];
        };
        InsightCounts: {
            /** @description Public page views, counted by a beacon from the page (cached pages too); known bots not counted. */
            Views: number;
            /** @description Times it was in an answer of a search (API or pages): the collection search for a collection, the perk search for a perk. */
            SearchAppearances: number;
            /** @description Times a perk was listed as eligible on a wallet lookup (API or pages). */
            WalletAppearances: number;
            /** @description Claims made (a wallet's code or a one-time token's claim), the first time only. */
            Claims: number;
            /** @description Codes redeemed by the partner. */
            Redemptions: number;
            /** @description Clicks on the collection's own links (website, marketplace, Discord, X) through the counting redirect. */
            OutboundClicks: number;
        };
        InsightDay: {
            /** @description Public page views, counted by a beacon from the page (cached pages too); known bots not counted. */
            Views: number;
            /** @description Times it was in an answer of a search (API or pages): the collection search for a collection, the perk search for a perk. */
            SearchAppearances: number;
            /** @description Times a perk was listed as eligible on a wallet lookup (API or pages). */
            WalletAppearances: number;
            /** @description Claims made (a wallet's code or a one-time token's claim), the first time only. */
            Claims: number;
            /** @description Codes redeemed by the partner. */
            Redemptions: number;
            /** @description Clicks on the collection's own links (website, marketplace, Discord, X) through the counting redirect. */
            OutboundClicks: number;
            /** @example 2026-11-01 */
            Day: string;
        };
        InsightPerk: {
            /** @description Public page views, counted by a beacon from the page (cached pages too); known bots not counted. */
            Views: number;
            /** @description Times it was in an answer of a search (API or pages): the collection search for a collection, the perk search for a perk. */
            SearchAppearances: number;
            /** @description Times a perk was listed as eligible on a wallet lookup (API or pages). */
            WalletAppearances: number;
            /** @description Claims made (a wallet's code or a one-time token's claim), the first time only. */
            Claims: number;
            /** @description Codes redeemed by the partner. */
            Redemptions: number;
            /** @description Clicks on the collection's own links (website, marketplace, Discord, X) through the counting redirect. */
            OutboundClicks: number;
            PlatformPerkId: string;
            ShortDescription: string;
        };
        VerificationNonce: {
            Nonce: string;
            /** @description The EIP-4361 message to sign with `personal_sign`, as it is. */
            Message: string;
            /** @description ISO 8601; the message must be verified before then, once. */
            ExpiresAt: string;
        };
        Verification: {
            PlatformNFTId: string;
            /** @constant */
            Verified: true;
            VerifiedBy: string;
        };
        ClaimList: {
            Claims: components["schemas"]["Claim"][];
        };
        Claim: {
            ClaimId: string;
            /** @description The claim code (10 characters); shown to the holder and the partner. */
            Code: string;
            PlatformNFTId: string;
            PlatformPerkId: string;
            /** @description The perk's ShortDescription; null once the perk is deleted. */
            PerkDescription: string | null;
            /** @example Ethereum */
            Chain: string;
            ContractAddress: string;
            /** @description The token claimed with (one-time perks); null for other perks. */
            TokenId: string | null;
            /**
             * @description The claiming wallet, checksummed.
             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
             */
            Wallet: string;
            /** @description The vault whose token (or holdings) the wallet claimed with through a delegation, checksummed; null for the wallet's own. */
            Vault: string | null;
            /** @description The head block ownership was checked at. */
            Block: number;
            /** @description ISO 8601. */
            ClaimedAt: string;
            /** @description ISO 8601; null until a partner redeems the code. */
            RedeemedAt: string | null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    createOrEdit: {
        parameters: {
            query?: {
                dryRun?: "0" | "1" | "true" | "false";
            };
            header?: {
                /** @description 1 to 255 visible ASCII characters, unique per intended change (a UUID). Kept 24 hours per account; bound to the request's exact bytes. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateRequest"];
            };
        };
        responses: {
            /** @description Stored: the echo of what was sent, with assigned ids and the new Version. With `?dryRun=1`: a `DryRunResult`, and nothing stored. */
            200: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateResponse"] | components["schemas"]["DryRunResult"];
                };
            };
            /** @description The body is not JSON (`Can't Unmarshal Body`); a field is missing, mistyped, out of range or unknown, or holds a lone UTF-16 surrogate; the collection would pass 250 perks or 1 MiB; `dryRun` is not 1, true, 0 or false; or a query parameter is unknown. */
            400: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "nftData.Website: must be an absolute http:// or https:// URL",
                     *       "code": "invalid_field",
                     *       "field": "nftData.Website"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Authorization: Bearer <key>` header (scheme in any case) is missing, malformed, or names an unknown or revoked key. */
            401: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    /** @description How to authenticate. */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Bad API Key",
                     *       "code": "unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's owner does not manage that collection; nothing was stored. */
            403: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "nftData.PlatformNFTId: you are not a manager of collection \"k3JqSuoHKx2VrhiBfpKK\"",
                     *       "code": "forbidden",
                     *       "field": "nftData.PlatformNFTId"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A PlatformNFTId or PlatformPerkId does not exist (or the perk belongs to another collection); nothing was stored. */
            404: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "nftData.PlatformNFTId: collection \"k3JqSuoHKx2VrhiBfpKK\" not found",
                     *       "code": "not_found",
                     *       "field": "nftData.PlatformNFTId"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `nftData.Version` (or a perk's `Version`) differs from the stored Version (someone else changed the collection), or a request with the same `Idempotency-Key` is still running; nothing was stored. */
            409: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "nftData.Version: the collection is at version 4, not 3; it was changed by someone else. Read it again and reapply your change.",
                     *       "code": "version_conflict",
                     *       "field": "nftData.Version"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than 1048576 bytes. */
            413: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "body: larger than the limit of 1048576 bytes",
                     *       "code": "payload_too_large"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A `Content-Encoding` other than identity; send the body uncompressed. */
            415: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Content-Encoding: \"gzip\" is not supported; send the body uncompressed",
                     *       "code": "unsupported_media_type",
                     *       "field": "Content-Encoding"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was already used with a different body; nothing was stored. */
            422: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Idempotency-Key: this key was already used with a different request body",
                     *       "code": "idempotency_key_reused",
                     *       "field": "Idempotency-Key"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's (or, without a valid key, the client address's) budget is used up. */
            429: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too Many Requests",
                     *       "code": "rate_limited"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected fault; the details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal Server Error",
                     *       "code": "internal_error"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database (or, for the verification routes, the chain's RPC) cannot be reached right now; nothing was stored. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service Unavailable",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    search: {
        parameters: {
            query?: {
                query?: string;
                category?: "Merch" | "Events" | "Gaming" | "Conference" | "Discounts" | "Voting" | "Food" | "Drink" | "IP Rights" | "Apparel" | "Video" | "Music/Audio" | "Virtual Property" | "Airdrops" | "Sports" | "eSports" | "Sustainability" | "Staking";
                pageNum?: string;
                /** @description Only collections on this `ContractChain` (exact; a chain of the synced table matches in any case, as it is stored in the table's spelling). A chain no stored collection is on is a 400 naming the known ones. */
                chain?: string;
                /** @description Only collections with this `ReleaseStatus`. */
                releaseStatus?: "Upcoming" | "Available";
                /** @description Only collections with at least one perk in this status. A perk is `Past` when stored as `Past` or when its `Date` is before the time of the search; `Upcoming` when stored as `Upcoming` and not dated before then. */
                perkStatus?: "Upcoming" | "Past";
                /** @description `1`: only collections verified by their contract's `owner()` (`Verified: true`). Whatever it is, verified collections come before unverified ones of equal relevance. */
                verified?: "1";
                /** @description `relevance` (the default; without a query, verified collections first, then most recently modified first), `newest` (most recently modified first) or `title` (A to Z, ignoring case). Ties go by id. */
                sort?: "relevance" | "newest" | "title";
                /** @description Collections a page, 1 to 100 (default 20); `NumPages` follows it. */
                pageSize?: string;
                /** @description Comma-separated `category`, `chain`: adds `Facets` with the number of matching collections per category and per chain, counted over every match, not the page (over the first 10,000 matches with `releaseStatus`, `perkStatus`, `verified` or a contract-address query). Chains are free text: only the 20 with the most matches are listed, and the rest are summed in `FacetsOther.chain`. */
                facets?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of results. */
            200: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "NumPages": 3,
                     *       "Docs": [
                     *         {
                     *           "PlatformNFTId": "k3JqSuoHKx2VrhiBfpKK",
                     *           "Title": "Bored Otters Club",
                     *           "ContractChain": "Ethereum",
                     *           "CollectionDescription": "Ten thousand otters who are very, very bored.",
                     *           "Creator": "Otter Labs",
                     *           "ImagePic": "https://images.example.com/otters.png",
                     *           "Website": "https://otters.example.com",
                     *           "ContractAddress": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
                     *           "ReleaseStatus": "Upcoming",
                     *           "floorPrice": "notset",
                     *           "TokenQuantity": 10000,
                     *           "TokenQuantityIssued": 9998,
                     *           "Managers": [
                     *             "Users/u7Rk2pQw9XcV1bN3mZ8a"
                     *           ],
                     *           "Perks": [
                     *             "Perks/Qx9fT2mLr8VbNc4sKd1e"
                     *           ],
                     *           "Version": 1,
                     *           "lastmodified": 1795000000000,
                     *           "path": "NFTs/k3JqSuoHKx2VrhiBfpKK",
                     *           "CreationDate": "11/22/2026",
                     *           "BlockchainSyncStatus": "Synced",
                     *           "BlockchainSyncLocation": "eip155:1:21000000:0x8f5bab218b6bb34476f51ca588e9f4553a3a7ce5e13a66c660a5283e97e9a85a"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["SearchResult"];
                };
            };
            /** @description `pageNum` is not a positive integer, `pageSize` is not 1 to 100, `category`, `releaseStatus`, `perkStatus`, `sort` or a facet is unknown, no stored collection is on `chain`, `query` is too long, or another query parameter is sent. Of a repeated parameter, the first value counts. */
            400: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "facets: unknown facet \"price\"; allowed: category, chain",
                     *       "code": "invalid_field",
                     *       "field": "facets"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Authorization: Bearer <key>` header (scheme in any case) is missing, malformed, or names an unknown or revoked key. */
            401: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    /** @description How to authenticate. */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Bad API Key",
                     *       "code": "unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's (or, without a valid key, the client address's) budget is used up. */
            429: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too Many Requests",
                     *       "code": "rate_limited"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected fault; the details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal Server Error",
                     *       "code": "internal_error"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database (or, for the verification routes, the chain's RPC) cannot be reached right now; nothing was stored. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service Unavailable",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    findPerks: {
        parameters: {
            query?: {
                query?: string;
                category?: "Merch" | "Events" | "Gaming" | "Conference" | "Discounts" | "Voting" | "Food" | "Drink" | "IP Rights" | "Apparel" | "Video" | "Music/Audio" | "Virtual Property" | "Airdrops" | "Sports" | "eSports" | "Sustainability" | "Staking";
                near?: string;
                /** @description Kilometres around `near`, 1 to 20000; 50 when left out. Only with `near`. */
                radiusKm?: string;
                /** @description Perks dated on this UTC day or later (YYYY-MM-DD); undated perks are left out. */
                from?: string;
                /** @description Perks dated on this UTC day or earlier (YYYY-MM-DD), not before `from`. */
                to?: string;
                /** @description `Past`: stored as Past, or its Date is over (read at the moment of the request). `Upcoming`: stored as Upcoming and its Date not over. */
                status?: "Upcoming" | "Past";
                /** @description `1`: only perks of collections verified by their contract's `owner()`. */
                verified?: "1";
                /** @description `true`: perks with `OneTime: true`; `false`: the others (an absent OneTime counts as false). */
                oneTime?: "true" | "false";
                /** @description `distance` (nearest first; needs `near`), `relevance` (a match in ShortDescription first, then by date; needs `query`), `date` (upcoming soonest first, then past most recent first, then undated). Default: `distance` with `near`, else `relevance` with `query`, else `date`. Ties go by PlatformPerkId. */
                sort?: "date" | "distance" | "relevance";
                pageNum?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of perks. */
            200: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "NumPages": 1,
                     *       "Docs": [
                     *         {
                     *           "ShortDescription": "Free hoodie",
                     *           "LongDescription": "Every holder gets one hoodie a year.",
                     *           "Status": "Upcoming",
                     *           "Tags": [
                     *             "Merch",
                     *             "Apparel"
                     *           ],
                     *           "OneTime": false,
                     *           "TokensRequired": 1,
                     *           "Date": {
                     *             "dt": {
                     *               "seconds": 2082758400,
                     *               "nanoseconds": 0
                     *             },
                     *             "timeSet": true
                     *           },
                     *           "Location": {
                     *             "address": "New York, NY",
                     *             "latitude": 40.7128,
                     *             "longitude": -74.006
                     *           },
                     *           "PlatformNFTId": "k3JqSuoHKx2VrhiBfpKK",
                     *           "PlatformPerkId": "Qx9fT2mLr8VbNc4sKd1e",
                     *           "CollectionTitle": "Bored Otters Club",
                     *           "CollectionImage": "https://images.example.com/otters.png",
                     *           "DistanceKm": 2.481
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["PerkSearchResult"];
                };
            };
            /** @description A parameter is malformed or out of range (naming it), `to` is before `from`, `radiusKm` or `sort=distance` comes without `near`, `sort=relevance` without `query`, or another query parameter is sent. */
            400: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "near: expected \"<lat>,<long>\" with latitude -90..90 and longitude -180..180",
                     *       "code": "invalid_field",
                     *       "field": "near"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Authorization: Bearer <key>` header (scheme in any case) is missing, malformed, or names an unknown or revoked key. */
            401: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    /** @description How to authenticate. */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Bad API Key",
                     *       "code": "unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's (or, without a valid key, the client address's) budget is used up. */
            429: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too Many Requests",
                     *       "code": "rate_limited"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected fault; the details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal Server Error",
                     *       "code": "internal_error"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database (or, for the verification routes, the chain's RPC) cannot be reached right now; nothing was stored. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service Unavailable",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    findWalletPerks: {
        parameters: {
            query?: {
                query?: string;
                category?: "Merch" | "Events" | "Gaming" | "Conference" | "Discounts" | "Voting" | "Food" | "Drink" | "IP Rights" | "Apparel" | "Video" | "Music/Audio" | "Virtual Property" | "Airdrops" | "Sports" | "eSports" | "Sustainability" | "Staking";
                near?: string;
                /** @description Kilometres around `near`, 1 to 20000; 50 when left out. Only with `near`. */
                radiusKm?: string;
                /** @description Perks dated on this UTC day or later (YYYY-MM-DD); undated perks are left out. */
                from?: string;
                /** @description Perks dated on this UTC day or earlier (YYYY-MM-DD), not before `from`. */
                to?: string;
                /** @description `Past`: stored as Past, or its Date is over (read at the moment of the request). `Upcoming`: stored as Upcoming and its Date not over. */
                status?: "Upcoming" | "Past";
                /** @description `1`: only perks of collections verified by their contract's `owner()`. */
                verified?: "1";
                /** @description `true`: perks with `OneTime: true`; `false`: the others (an absent OneTime counts as false). */
                oneTime?: "true" | "false";
                /** @description `distance` (nearest first; needs `near`), `relevance` (a match in ShortDescription first, then by date; needs `query`), `date` (upcoming soonest first, then past most recent first, then undated). Default: `distance` with `near`, else `relevance` with `query`, else `date`. Ties go by PlatformPerkId. */
                sort?: "date" | "distance" | "relevance";
                pageNum?: string;
            };
            header?: never;
            path: {
                /** @description The wallet: 0x and 40 hex digits; mixed case must be a valid EIP-55 checksum. */
                address: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the perks the wallet is eligible for, and the perks it is close to. */
            200: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "Address": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *       "Delegations": [
                     *         {
                     *           "Chain": "Ethereum",
                     *           "Block": 21400010,
                     *           "Delegations": 1
                     *         },
                     *         {
                     *           "Chain": "Base",
                     *           "Block": null,
                     *           "Delegations": 0,
                     *           "Problem": "the RPC of Base did not answer"
                     *         }
                     *       ],
                     *       "NumPages": 1,
                     *       "Docs": [
                     *         {
                     *           "ShortDescription": "Free hoodie",
                     *           "LongDescription": "Every holder gets one hoodie a year.",
                     *           "Status": "Upcoming",
                     *           "Tags": [
                     *             "Merch",
                     *             "Apparel"
                     *           ],
                     *           "OneTime": false,
                     *           "TokensRequired": 1,
                     *           "Date": {
                     *             "dt": {
                     *               "seconds": 1767225600,
                     *               "nanoseconds": 0
                     *             },
                     *             "timeSet": true
                     *           },
                     *           "Location": {
                     *             "address": "New York, NY",
                     *             "latitude": 40.7128,
                     *             "longitude": -74.006
                     *           },
                     *           "PlatformNFTId": "k3JqSuoHKx2VrhiBfpKK",
                     *           "PlatformPerkId": "Qx9fT2mLr8VbNc4sKd1e",
                     *           "CollectionTitle": "Bored Otters Club",
                     *           "CollectionImage": "https://images.example.com/otters.png",
                     *           "Eligibility": {
                     *             "Eligible": true,
                     *             "Holds": 1,
                     *             "Delegated": [
                     *               {
                     *                 "Vault": "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
                     *                 "Holds": 1,
                     *                 "Block": 21400010
                     *               }
                     *             ],
                     *             "TokensRequired": 1,
                     *             "Block": 21400000
                     *           }
                     *         }
                     *       ],
                     *       "Close": [
                     *         {
                     *           "ShortDescription": "Backstage pass at the yearly meetup",
                     *           "LongDescription": "Every holder gets one hoodie a year.",
                     *           "Status": "Upcoming",
                     *           "Tags": [
                     *             "Merch",
                     *             "Apparel"
                     *           ],
                     *           "OneTime": false,
                     *           "TokensRequired": 2,
                     *           "Date": {
                     *             "dt": {
                     *               "seconds": 1767225600,
                     *               "nanoseconds": 0
                     *             },
                     *             "timeSet": true
                     *           },
                     *           "Location": {
                     *             "address": "New York, NY",
                     *             "latitude": 40.7128,
                     *             "longitude": -74.006
                     *           },
                     *           "PlatformNFTId": "k3JqSuoHKx2VrhiBfpKK",
                     *           "PlatformPerkId": "Vb8nW3qLz5TcRk2mXp9d",
                     *           "CollectionTitle": "Bored Otters Club",
                     *           "CollectionImage": "https://images.example.com/otters.png",
                     *           "Eligibility": {
                     *             "Eligible": false,
                     *             "Holds": 1,
                     *             "Delegated": [
                     *               {
                     *                 "Vault": "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
                     *                 "Holds": 1,
                     *                 "Block": 21400010
                     *               }
                     *             ],
                     *             "TokensRequired": 2,
                     *             "Block": 21400000
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["WalletPerks"];
                };
            };
            /** @description `address` is not an EVM address or fails its EIP-55 checksum, a filter is malformed or out of range (naming it), as for `GET /api-gateway/perks`, or another query parameter is sent. */
            400: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "address: must be an EVM address (0x and 40 hex digits)",
                     *       "code": "invalid_field",
                     *       "field": "address"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Authorization: Bearer <key>` header (scheme in any case) is missing, malformed, or names an unknown or revoked key. */
            401: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    /** @description How to authenticate. */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Bad API Key",
                     *       "code": "unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's (or, without a valid key, the client address's) budget is used up. */
            429: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too Many Requests",
                     *       "code": "rate_limited"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected fault; the details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal Server Error",
                     *       "code": "internal_error"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database (or, for the verification routes, the chain's RPC) cannot be reached right now; nothing was stored. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service Unavailable",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCollection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description At most 64 characters; a longer id is unknown (404). */
                PlatformNFTId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The collection and its perks. */
            200: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "nftData": {
                     *         "PlatformNFTId": "k3JqSuoHKx2VrhiBfpKK",
                     *         "Title": "Bored Otters Club",
                     *         "ContractChain": "Ethereum",
                     *         "CollectionDescription": "Ten thousand otters who are very, very bored.",
                     *         "Creator": "Otter Labs",
                     *         "ImagePic": "https://images.example.com/otters.png",
                     *         "Website": "https://otters.example.com",
                     *         "ContractAddress": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
                     *         "ReleaseStatus": "Upcoming",
                     *         "floorPrice": "notset",
                     *         "TokenQuantity": 10000,
                     *         "TokenQuantityIssued": 9998,
                     *         "Managers": [
                     *           "Users/u7Rk2pQw9XcV1bN3mZ8a"
                     *         ],
                     *         "Perks": [
                     *           "Perks/Qx9fT2mLr8VbNc4sKd1e"
                     *         ],
                     *         "Version": 1,
                     *         "lastmodified": 1795000000000,
                     *         "path": "NFTs/k3JqSuoHKx2VrhiBfpKK",
                     *         "CreationDate": "11/22/2026",
                     *         "BlockchainSyncStatus": "Synced",
                     *         "BlockchainSyncLocation": "eip155:1:21000000:0x8f5bab218b6bb34476f51ca588e9f4553a3a7ce5e13a66c660a5283e97e9a85a"
                     *       },
                     *       "perkData": [
                     *         {
                     *           "PlatformNFTId": "k3JqSuoHKx2VrhiBfpKK",
                     *           "PlatformPerkId": "Qx9fT2mLr8VbNc4sKd1e",
                     *           "ShortDescription": "Free hoodie",
                     *           "LongDescription": "Every holder gets one hoodie a year.",
                     *           "Status": "Upcoming",
                     *           "Tags": [
                     *             "Merch",
                     *             "Apparel"
                     *           ],
                     *           "OneTime": false,
                     *           "TokensRequired": 1,
                     *           "Date": {
                     *             "dt": {
                     *               "seconds": 1767225600,
                     *               "nanoseconds": 0
                     *             },
                     *             "timeSet": true
                     *           },
                     *           "Location": {
                     *             "address": "New York, NY",
                     *             "latitude": 40.7128,
                     *             "longitude": -74.006
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["CollectionRecord"];
                };
            };
            /** @description A query parameter was sent; this route takes none. */
            400: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "dryRun: unknown query parameter",
                     *       "code": "unknown_field",
                     *       "field": "dryRun"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Authorization: Bearer <key>` header (scheme in any case) is missing, malformed, or names an unknown or revoked key. */
            401: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    /** @description How to authenticate. */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Bad API Key",
                     *       "code": "unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No collection has that id. */
            404: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "PlatformNFTId: collection \"k3JqSuoHKx2VrhiBfpKK\" not found",
                     *       "code": "not_found",
                     *       "field": "PlatformNFTId"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's (or, without a valid key, the client address's) budget is used up. */
            429: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too Many Requests",
                     *       "code": "rate_limited"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected fault; the details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal Server Error",
                     *       "code": "internal_error"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database (or, for the verification routes, the chain's RPC) cannot be reached right now; nothing was stored. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service Unavailable",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteCollection: {
        parameters: {
            query?: {
                /** @description The collection's Version you last read; a different stored Version is a 409. */
                Version?: string;
            };
            header?: {
                /** @description 1 to 255 visible ASCII characters, unique per intended change (a UUID). Kept 24 hours per account; bound to the request's exact bytes. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description At most 64 characters; a longer id is unknown (404). */
                PlatformNFTId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted, with its perks. */
            200: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "PlatformNFTId": "k3JqSuoHKx2VrhiBfpKK",
                     *       "DeletedPerks": 3
                     *     }
                     */
                    "application/json": components["schemas"]["DeletedCollection"];
                };
            };
            /** @description `Version` is not a non-negative integer, or the `Idempotency-Key` is malformed. */
            400: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Version: must be a non-negative integer",
                     *       "code": "invalid_field",
                     *       "field": "Version"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Authorization: Bearer <key>` header (scheme in any case) is missing, malformed, or names an unknown or revoked key. */
            401: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    /** @description How to authenticate. */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Bad API Key",
                     *       "code": "unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's owner does not manage that collection; nothing was deleted. */
            403: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "PlatformNFTId: you are not a manager of collection \"k3JqSuoHKx2VrhiBfpKK\"",
                     *       "code": "forbidden",
                     *       "field": "PlatformNFTId"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No collection has that id (or it was already deleted). */
            404: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "PlatformNFTId: collection \"k3JqSuoHKx2VrhiBfpKK\" not found",
                     *       "code": "not_found",
                     *       "field": "PlatformNFTId"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Version` differs from the stored Version, or a request with the same `Idempotency-Key` is still running; nothing was deleted. */
            409: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Version: the collection is at version 4, not 3; it was changed by someone else. Read it again and reapply your change.",
                     *       "code": "version_conflict",
                     *       "field": "Version"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` was already used for a different request; nothing was deleted. */
            422: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Idempotency-Key: this key was already used with a different request body",
                     *       "code": "idempotency_key_reused",
                     *       "field": "Idempotency-Key"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's (or, without a valid key, the client address's) budget is used up. */
            429: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too Many Requests",
                     *       "code": "rate_limited"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected fault; the details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal Server Error",
                     *       "code": "internal_error"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database (or, for the verification routes, the chain's RPC) cannot be reached right now; nothing was stored. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service Unavailable",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deletePerk: {
        parameters: {
            query?: {
                /** @description The collection's Version you last read; a different stored Version is a 409. */
                Version?: string;
            };
            header?: {
                /** @description 1 to 255 visible ASCII characters, unique per intended change (a UUID). Kept 24 hours per account; bound to the request's exact bytes. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description At most 64 characters; a longer id is unknown (404). */
                PlatformNFTId: string;
                /** @description At most 64 characters; a longer id is unknown (404). */
                PlatformPerkId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            200: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "PlatformNFTId": "k3JqSuoHKx2VrhiBfpKK",
                     *       "PlatformPerkId": "Qx9fT2mLr8VbNc4sKd1e",
                     *       "Version": 5
                     *     }
                     */
                    "application/json": components["schemas"]["DeletedPerk"];
                };
            };
            /** @description `Version` is not a non-negative integer, or another query parameter is sent. */
            400: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Version: must be a non-negative integer",
                     *       "code": "invalid_field",
                     *       "field": "Version"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Authorization: Bearer <key>` header (scheme in any case) is missing, malformed, or names an unknown or revoked key. */
            401: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    /** @description How to authenticate. */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Bad API Key",
                     *       "code": "unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's owner does not manage that collection; nothing was removed. */
            403: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "PlatformNFTId: you are not a manager of collection \"k3JqSuoHKx2VrhiBfpKK\"",
                     *       "code": "forbidden",
                     *       "field": "PlatformNFTId"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The collection does not exist, or has no perk with that id. */
            404: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "PlatformPerkId: perk \"Qx9fT2mLr8VbNc4sKd1e\" not found in collection \"k3JqSuoHKx2VrhiBfpKK\"",
                     *       "code": "not_found",
                     *       "field": "PlatformPerkId"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Version` differs from the stored Version; nothing was removed. */
            409: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Version: the collection is at version 4, not 3; it was changed by someone else. Read it again and reapply your change.",
                     *       "code": "version_conflict",
                     *       "field": "Version"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's (or, without a valid key, the client address's) budget is used up. */
            429: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too Many Requests",
                     *       "code": "rate_limited"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected fault; the details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal Server Error",
                     *       "code": "internal_error"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database (or, for the verification routes, the chain's RPC) cannot be reached right now; nothing was stored. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service Unavailable",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCollectionHistory: {
        parameters: {
            query?: {
                pageNum?: string;
            };
            header?: never;
            path: {
                /** @description At most 64 characters; a longer id is unknown (404). */
                PlatformNFTId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of entries. */
            200: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "NumPages": 1,
                     *       "Docs": [
                     *         {
                     *           "Id": 2,
                     *           "At": 1795000600000,
                     *           "Account": "Users/u7Rk2pQw9XcV1bN3mZ8a",
                     *           "Via": "portal session",
                     *           "Changes": [
                     *             {
                     *               "Object": "collection",
                     *               "Id": "k3JqSuoHKx2VrhiBfpKK",
                     *               "Kind": "updated",
                     *               "Fields": [
                     *                 {
                     *                   "Path": "Title",
                     *                   "From": "Bored Otters Club",
                     *                   "To": "Bored Otters Society"
                     *                 },
                     *                 {
                     *                   "Path": "Website",
                     *                   "From": "https://otters.example.com"
                     *                 }
                     *               ]
                     *             }
                     *           ],
                     *           "ChangesBytes": 196,
                     *           "HasState": true
                     *         },
                     *         {
                     *           "Id": 1,
                     *           "At": 1795000000000,
                     *           "Account": "Users/u7Rk2pQw9XcV1bN3mZ8a",
                     *           "Via": "Keys/Hh3kP0sLq9WmX2cV7bN1",
                     *           "Changes": [
                     *             {
                     *               "Object": "collection",
                     *               "Id": "k3JqSuoHKx2VrhiBfpKK",
                     *               "Kind": "created",
                     *               "Fields": [
                     *                 {
                     *                   "Path": "Title",
                     *                   "To": "Bored Otters Club"
                     *                 }
                     *               ]
                     *             },
                     *             {
                     *               "Object": "perk",
                     *               "Id": "Qx9fT2mLr8VbNc4sKd1e",
                     *               "Kind": "created",
                     *               "Fields": [
                     *                 {
                     *                   "Path": "ShortDescription",
                     *                   "To": "Free hoodie"
                     *                 }
                     *               ]
                     *             }
                     *           ],
                     *           "ChangesBytes": 231,
                     *           "HasState": true
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["HistoryPage"];
                };
            };
            /** @description `pageNum` is not a positive integer, or another query parameter is sent. */
            400: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "pageNum: must be a positive integer below 1,000,000,000",
                     *       "code": "invalid_field",
                     *       "field": "pageNum"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Authorization: Bearer <key>` header (scheme in any case) is missing, malformed, or names an unknown or revoked key. */
            401: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    /** @description How to authenticate. */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Bad API Key",
                     *       "code": "unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's owner does not manage that collection. */
            403: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "PlatformNFTId: you are not a manager of collection \"k3JqSuoHKx2VrhiBfpKK\"",
                     *       "code": "forbidden",
                     *       "field": "PlatformNFTId"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No collection has that id. */
            404: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "PlatformNFTId: collection \"k3JqSuoHKx2VrhiBfpKK\" not found",
                     *       "code": "not_found",
                     *       "field": "PlatformNFTId"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's (or, without a valid key, the client address's) budget is used up. */
            429: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too Many Requests",
                     *       "code": "rate_limited"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected fault; the details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal Server Error",
                     *       "code": "internal_error"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database (or, for the verification routes, the chain's RPC) cannot be reached right now; nothing was stored. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service Unavailable",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCollectionHistoryEntry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description At most 64 characters; a longer id is unknown (404). */
                PlatformNFTId: string;
                Id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The entry. */
            200: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "Id": 2,
                     *       "At": 1795000600000,
                     *       "Account": "Users/u7Rk2pQw9XcV1bN3mZ8a",
                     *       "Via": "portal session",
                     *       "Changes": [
                     *         {
                     *           "Object": "collection",
                     *           "Id": "k3JqSuoHKx2VrhiBfpKK",
                     *           "Kind": "updated",
                     *           "Fields": [
                     *             {
                     *               "Path": "Title",
                     *               "From": "Bored Otters Club",
                     *               "To": "Bored Otters Society"
                     *             },
                     *             {
                     *               "Path": "Website",
                     *               "From": "https://otters.example.com"
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "State": {
                     *         "nftData": {
                     *           "Title": "Bored Otters Society",
                     *           "ContractChain": "Ethereum",
                     *           "CollectionDescription": "Ten thousand otters who are very, very bored.",
                     *           "Creator": "Otter Labs",
                     *           "ImagePic": "https://images.example.com/otters.png",
                     *           "ContractAddress": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
                     *           "ReleaseStatus": "Upcoming",
                     *           "floorPrice": "notset",
                     *           "TokenQuantity": 10000
                     *         },
                     *         "perkData": [
                     *           {
                     *             "PlatformPerkId": "Qx9fT2mLr8VbNc4sKd1e",
                     *             "ShortDescription": "Free hoodie",
                     *             "LongDescription": "Every holder gets one hoodie a year.",
                     *             "Status": "Upcoming",
                     *             "Tags": [
                     *               "Merch",
                     *               "Apparel"
                     *             ],
                     *             "OneTime": false,
                     *             "TokensRequired": 1,
                     *             "Date": {
                     *               "dt": {
                     *                 "seconds": 1767225600,
                     *                 "nanoseconds": 0
                     *               },
                     *               "timeSet": true
                     *             },
                     *             "Location": {
                     *               "address": "New York, NY",
                     *               "latitude": 40.7128,
                     *               "longitude": -74.006
                     *             }
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["HistoryEntry"];
                };
            };
            /** @description The `Authorization: Bearer <key>` header (scheme in any case) is missing, malformed, or names an unknown or revoked key. */
            401: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    /** @description How to authenticate. */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Bad API Key",
                     *       "code": "unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's owner does not manage that collection. */
            403: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "PlatformNFTId: you are not a manager of collection \"k3JqSuoHKx2VrhiBfpKK\"",
                     *       "code": "forbidden",
                     *       "field": "PlatformNFTId"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No collection has that id, or its history no entry with that `Id`. */
            404: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Id: history entry 9 of collection \"k3JqSuoHKx2VrhiBfpKK\" not found",
                     *       "code": "not_found",
                     *       "field": "Id"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's (or, without a valid key, the client address's) budget is used up. */
            429: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too Many Requests",
                     *       "code": "rate_limited"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected fault; the details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal Server Error",
                     *       "code": "internal_error"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database (or, for the verification routes, the chain's RPC) cannot be reached right now; nothing was stored. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service Unavailable",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCollectionInsights: {
        parameters: {
            query?: {
                /** @description First day (UTC), YYYY-MM-DD. Default: 29 days before `to`. */
                from?: string;
                /** @description Last day (UTC), YYYY-MM-DD, included. Default: today. */
                to?: string;
            };
            header?: never;
            path: {
                /** @description At most 64 characters; a longer id is unknown (404). */
                PlatformNFTId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The range's daily series. */
            200: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "PlatformNFTId": "k3JqSuoHKx2VrhiBfpKK",
                     *       "From": "2026-11-01",
                     *       "To": "2026-11-02",
                     *       "Totals": {
                     *         "Views": 57,
                     *         "SearchAppearances": 410,
                     *         "WalletAppearances": 12,
                     *         "Claims": 4,
                     *         "Redemptions": 2,
                     *         "OutboundClicks": 9
                     *       },
                     *       "Days": [
                     *         {
                     *           "Day": "2026-11-01",
                     *           "Views": 0,
                     *           "SearchAppearances": 0,
                     *           "WalletAppearances": 0,
                     *           "Claims": 0,
                     *           "Redemptions": 0,
                     *           "OutboundClicks": 0
                     *         },
                     *         {
                     *           "Day": "2026-11-02",
                     *           "Views": 57,
                     *           "SearchAppearances": 410,
                     *           "WalletAppearances": 12,
                     *           "Claims": 4,
                     *           "Redemptions": 2,
                     *           "OutboundClicks": 9
                     *         }
                     *       ],
                     *       "Perks": [
                     *         {
                     *           "PlatformPerkId": "p7Yd2mQx",
                     *           "ShortDescription": "Free hoodie",
                     *           "Views": 20,
                     *           "SearchAppearances": 150,
                     *           "WalletAppearances": 12,
                     *           "Claims": 4,
                     *           "Redemptions": 2,
                     *           "OutboundClicks": 0
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["CollectionInsights"];
                };
            };
            /** @description A date is not YYYY-MM-DD, `to` is before `from`, the range covers more than 366 days, or another query parameter is sent. */
            400: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "from: the range may cover at most 366 days",
                     *       "code": "invalid_field",
                     *       "field": "from"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Authorization: Bearer <key>` header (scheme in any case) is missing, malformed, or names an unknown or revoked key. */
            401: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    /** @description How to authenticate. */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Bad API Key",
                     *       "code": "unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's team does not own that collection. */
            403: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "PlatformNFTId: you are not a manager of collection \"k3JqSuoHKx2VrhiBfpKK\"",
                     *       "code": "forbidden",
                     *       "field": "PlatformNFTId"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No collection has that id. */
            404: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "PlatformNFTId: collection \"k3JqSuoHKx2VrhiBfpKK\" not found",
                     *       "code": "not_found",
                     *       "field": "PlatformNFTId"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's (or, without a valid key, the client address's) budget is used up. */
            429: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too Many Requests",
                     *       "code": "rate_limited"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected fault; the details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal Server Error",
                     *       "code": "internal_error"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database (or, for the verification routes, the chain's RPC) cannot be reached right now; nothing was stored. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service Unavailable",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getVerificationNonce: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VerificationNonceRequest"];
            };
        };
        responses: {
            /** @description The message to sign. */
            200: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VerificationNonce"];
                };
            };
            /** @description A malformed body, or a collection that cannot be synced (the reason is given). */
            400: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "PlatformNFTId: cannot be verified: not synced: \"Solana\" is not an EVM chain the service syncs",
                     *       "code": "invalid_field",
                     *       "field": "PlatformNFTId"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Authorization: Bearer <key>` header (scheme in any case) is missing, malformed, or names an unknown or revoked key. */
            401: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    /** @description How to authenticate. */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Bad API Key",
                     *       "code": "unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's owner does not manage that collection. */
            403: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "PlatformNFTId: you are not a manager of collection \"k3JqSuoHKx2VrhiBfpKK\"",
                     *       "code": "forbidden",
                     *       "field": "PlatformNFTId"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No collection has that id. */
            404: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "PlatformNFTId: collection \"k3JqSuoHKx2VrhiBfpKK\" not found",
                     *       "code": "not_found",
                     *       "field": "PlatformNFTId"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's (or, without a valid key, the client address's) budget is used up. */
            429: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too Many Requests",
                     *       "code": "rate_limited"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected fault; the details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal Server Error",
                     *       "code": "internal_error"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database (or, for the verification routes, the chain's RPC) cannot be reached right now; nothing was stored. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service Unavailable",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    verifyCollection: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VerificationRequest"];
            };
        };
        responses: {
            /** @description Verified. */
            200: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Verification"];
                };
            };
            /** @description A malformed, wrong-domain, wrong-chain, expired or replayed message. */
            400: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Message: its nonce is unknown, expired or already used; ask for a new one",
                     *       "code": "invalid_field",
                     *       "field": "Message"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The signature is not by the message's address. */
            401: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Signature: not a signature of this message by its address",
                     *       "code": "unauthorized",
                     *       "field": "Signature"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The signer is not the contract's owner(), or the key's owner does not manage the collection. */
            403: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Address: 0x70997970C51812dc3A010C7d01b50e0d17dc79C8 is not the contract's owner() (0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266)",
                     *       "code": "forbidden",
                     *       "field": "Address"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No collection has that id. */
            404: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "PlatformNFTId: collection \"k3JqSuoHKx2VrhiBfpKK\" not found",
                     *       "code": "not_found",
                     *       "field": "PlatformNFTId"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's (or, without a valid key, the client address's) budget is used up. */
            429: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too Many Requests",
                     *       "code": "rate_limited"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected fault; the details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal Server Error",
                     *       "code": "internal_error"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database (or, for the verification routes, the chain's RPC) cannot be reached right now; nothing was stored. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service Unavailable",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCollectionClaims: {
        parameters: {
            query?: {
                format?: "json" | "csv";
            };
            header?: never;
            path: {
                /** @description At most 64 characters; a longer id is unknown (404). */
                PlatformNFTId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The claims. */
            200: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "Claims": [
                     *         {
                     *           "ClaimId": "Qm8pXc2LrT5vNw7yZa1B",
                     *           "Code": "K7QX4MZP2H",
                     *           "PlatformNFTId": "k3JqSuoHKx2VrhiBfpKK",
                     *           "PlatformPerkId": "p9LmNq2RsT4uVw6XyZ0a",
                     *           "PerkDescription": "Backstage pass",
                     *           "Chain": "Ethereum",
                     *           "ContractAddress": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
                     *           "TokenId": "42",
                     *           "Wallet": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *           "Vault": "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
                     *           "Block": 21400000,
                     *           "ClaimedAt": "2026-11-27T10:00:00.000Z",
                     *           "RedeemedAt": null
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ClaimList"];
                    "text/csv": string;
                };
            };
            /** @description `format` is neither json nor csv, or another query parameter is sent. */
            400: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "format: must be json or csv",
                     *       "code": "invalid_field",
                     *       "field": "format"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Authorization: Bearer <key>` header (scheme in any case) is missing, malformed, or names an unknown or revoked key. */
            401: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    /** @description How to authenticate. */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Bad API Key",
                     *       "code": "unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's team does not own that collection. */
            403: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "PlatformNFTId: you are not a manager of collection \"k3JqSuoHKx2VrhiBfpKK\"",
                     *       "code": "forbidden",
                     *       "field": "PlatformNFTId"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No collection has that id. */
            404: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "PlatformNFTId: collection \"k3JqSuoHKx2VrhiBfpKK\" not found",
                     *       "code": "not_found",
                     *       "field": "PlatformNFTId"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's (or, without a valid key, the client address's) budget is used up. */
            429: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too Many Requests",
                     *       "code": "rate_limited"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected fault; the details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal Server Error",
                     *       "code": "internal_error"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database (or, for the verification routes, the chain's RPC) cannot be reached right now; nothing was stored. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service Unavailable",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    redeemClaimCode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RedeemRequest"];
            };
        };
        responses: {
            /** @description Redeemed now: the claim, with `RedeemedAt`. */
            200: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ClaimId": "Qm8pXc2LrT5vNw7yZa1B",
                     *       "Code": "K7QX4MZP2H",
                     *       "PlatformNFTId": "k3JqSuoHKx2VrhiBfpKK",
                     *       "PlatformPerkId": "p9LmNq2RsT4uVw6XyZ0a",
                     *       "PerkDescription": "Backstage pass",
                     *       "Chain": "Ethereum",
                     *       "ContractAddress": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
                     *       "TokenId": "42",
                     *       "Wallet": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *       "Vault": "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
                     *       "Block": 21400000,
                     *       "ClaimedAt": "2026-11-27T10:00:00.000Z",
                     *       "RedeemedAt": "2026-11-27T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Claim"];
                };
            };
            /** @description A body that is not a code. */
            400: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Code: This is not a claim code: check it against the holder's screen",
                     *       "code": "invalid_field",
                     *       "field": "Code"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Authorization: Bearer <key>` header (scheme in any case) is missing, malformed, or names an unknown or revoked key. */
            401: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    /** @description How to authenticate. */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Bad API Key",
                     *       "code": "unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A read key. */
            403: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "This needs the editor role in the team (or a stronger one)",
                     *       "code": "forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No claim of the team's perks has this code. */
            404: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Code: claim code not found among your team's claims; check it against the holder's screen",
                     *       "code": "not_found",
                     *       "field": "Code"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The code was redeemed before; the answer says when. */
            409: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Code: already redeemed at 2026-11-27T12:00:00.000Z; a code is redeemed once",
                     *       "code": "conflict",
                     *       "field": "Code"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's (or, without a valid key, the client address's) budget is used up. */
            429: {
                headers: {
                    /** @description Requests allowed per minute in this route's budget. */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset": string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too Many Requests",
                     *       "code": "rate_limited"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected fault; the details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal Server Error",
                     *       "code": "internal_error"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database (or, for the verification routes, the chain's RPC) cannot be reached right now; nothing was stored. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service Unavailable",
                     *       "code": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI 3.1 document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description An unexpected fault; the details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal Server Error",
                     *       "code": "internal_error"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
