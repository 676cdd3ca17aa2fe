import { sql, type Kysely } from 'kysely';

// One schema for PostgreSQL and PGlite. Subtree filters use `*_path` arrays (the entity and all
// its ancestors) with GIN indexes; radius filters use earthdistance's ll_to_earth with GiST.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE EXTENSION IF NOT EXISTS unaccent;
    CREATE EXTENSION IF NOT EXISTS cube;
    CREATE EXTENSION IF NOT EXISTS earthdistance;

    CREATE TABLE natures (
      id          char(1) PRIMARY KEY CHECK (id IN ('V', 'L', 'S')),
      position    smallint NOT NULL,
      slug_fr     text NOT NULL UNIQUE,
      slug_en     text NOT NULL UNIQUE,
      libelle_fr  text NOT NULL,
      libelle_en  text NOT NULL
    );

    CREATE TABLE rubriques (
      id          integer PRIMARY KEY,
      parent_id   integer REFERENCES rubriques(id),
      is_generic  boolean NOT NULL DEFAULT false,
      position    smallint NOT NULL DEFAULT 0,
      slug_fr     text NOT NULL,
      slug_en     text NOT NULL,
      libelle_fr  text NOT NULL,
      libelle_en  text NOT NULL,
      plural_fr   text NOT NULL,
      plural_en   text NOT NULL,
      natures     char(1)[] NOT NULL
    );
    CREATE UNIQUE INDEX rubriques_slug_fr ON rubriques (slug_fr);
    CREATE UNIQUE INDEX rubriques_slug_en ON rubriques (slug_en);

    CREATE TABLE omr_lists (
      id       integer PRIMARY KEY,
      slug     text NOT NULL UNIQUE,
      name_fr  text NOT NULL,
      name_en  text NOT NULL,
      lieux    integer[] NOT NULL DEFAULT '{}'
    );

    -- type: Generic, Pays, Plaques, Regions, Departements, Villes, Lieudits, Arrondissements,
    -- Quartiers, Zones. Zones have members in lieux and a slug starting with 'zone-'.
    CREATE TABLE lieux (
      id                  integer PRIMARY KEY,
      slug                text NOT NULL UNIQUE,
      type                text NOT NULL,
      parent_id           integer REFERENCES lieux(id),
      ancestors           integer[] NOT NULL DEFAULT '{}',
      lieux               integer[] NOT NULL DEFAULT '{}',
      code                text,
      postcodes           text[] NOT NULL DEFAULT '{}',
      libelle_fr          text NOT NULL,
      libelle_en          text NOT NULL,
      libelle_prep_fr     text NOT NULL,
      libelle_prep_en     text NOT NULL,
      search_name         text NOT NULL,
      lat                 double precision,
      lng                 double precision,
      population          integer NOT NULL DEFAULT 0,
      omr_list_id         integer REFERENCES omr_lists(id),
      is_foreign_country  boolean NOT NULL DEFAULT false
    );
    CREATE INDEX lieux_parent ON lieux (parent_id);
    CREATE INDEX lieux_ancestors ON lieux USING gin (ancestors);
    CREATE INDEX lieux_search_trgm ON lieux USING gin (search_name gin_trgm_ops);
    CREATE INDEX lieux_earth ON lieux USING gist (ll_to_earth(lat, lng)) WHERE lat IS NOT NULL;

    CREATE TABLE networks (
      id              integer PRIMARY KEY,
      slug            text NOT NULL UNIQUE,
      name            text NOT NULL,
      description_fr  text NOT NULL DEFAULT '',
      description_en  text NOT NULL DEFAULT '',
      website         text
    );

    CREATE TABLE agencies (
      id              integer PRIMARY KEY,
      slug            text NOT NULL UNIQUE,
      name            text NOT NULL,
      search_name     text NOT NULL,
      network_id      integer REFERENCES networks(id),
      address         text NOT NULL,
      cp              text NOT NULL,
      ville           text NOT NULL,
      lieu_id         integer NOT NULL REFERENCES lieux(id),
      lieu_path       integer[] NOT NULL,
      phone           text NOT NULL,
      email           text NOT NULL,
      website         text,
      description_fr  text NOT NULL DEFAULT '',
      description_en  text NOT NULL DEFAULT '',
      -- fee scale (bareme): [{ from, to, percent | amount }] per nature
      fee_scale       jsonb NOT NULL DEFAULT '[]',
      active          boolean NOT NULL DEFAULT true,
      relevance       integer NOT NULL DEFAULT 0,
      lat             double precision,
      lng             double precision,
      created_at      timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX agencies_lieu_path ON agencies USING gin (lieu_path);
    CREATE INDEX agencies_network ON agencies (network_id);
    CREATE INDEX agencies_search_trgm ON agencies USING gin (search_name gin_trgm_ops);
    CREATE INDEX agencies_name ON agencies (name);

    CREATE TABLE omr_agency_lists (
      id        integer PRIMARY KEY,
      slug      text NOT NULL UNIQUE,
      name_fr   text NOT NULL,
      name_en   text NOT NULL,
      lieu_id   integer REFERENCES lieux(id),
      agencies  integer[] NOT NULL DEFAULT '{}'
    );

    CREATE TABLE reviews (
      id          integer PRIMARY KEY,
      agency_id   integer NOT NULL REFERENCES agencies(id),
      lang        text NOT NULL,
      rating      smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
      author      text NOT NULL,
      title       text NOT NULL,
      body        text NOT NULL,
      response    text,
      source      text NOT NULL,
      created_at  timestamptz NOT NULL
    );
    CREATE INDEX reviews_agency ON reviews (agency_id, created_at DESC);

    -- Prices are whole euros. price is the sale price (V), monthly_rent (L), weekly_rent (S).
    CREATE TABLE offers (
      id                  integer PRIMARY KEY,
      slug                text NOT NULL,
      nature              char(1) NOT NULL REFERENCES natures(id),
      rubrique_id         integer NOT NULL REFERENCES rubriques(id),
      rubrique_path       integer[] NOT NULL,
      lieu_id             integer NOT NULL REFERENCES lieux(id),
      lieu_path           integer[] NOT NULL,
      agency_id           integer NOT NULL REFERENCES agencies(id),
      status              text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'obsolete')),
      premium             boolean NOT NULL DEFAULT false,
      exclusivity         boolean NOT NULL DEFAULT false,
      reference           text NOT NULL,
      titre1_fr           text NOT NULL,
      titre1_en           text NOT NULL,
      titre2_fr           text NOT NULL,
      titre2_en           text NOT NULL,
      description_fr      text NOT NULL,
      description_en      text NOT NULL,
      price               integer,
      monthly_rent        integer,
      weekly_rent         integer,
      prix_cache          boolean NOT NULL DEFAULT false,
      price_without_fees  integer,
      -- { percent, amount, payer: 'buyer' | 'seller' | 'tenant' | 'owner', deposit?, charges? }
      fees                jsonb,
      -- { lots, yearly_charges, procedure }
      condo               jsonb,
      surface             integer,
      field_surface       integer,
      rooms               smallint,
      bedrooms            smallint,
      atouts              text[] NOT NULL DEFAULT '{}',
      dpe_class           char(1),
      dpe_value           integer,
      ges_class           char(1),
      ges_value           integer,
      -- [{ id, width, height, alt_fr, alt_en }]; files come from the photo pool
      photos              jsonb NOT NULL DEFAULT '[]',
      video_url           text,
      tour_url            text,
      lat                 double precision,
      lng                 double precision,
      published_at        timestamptz NOT NULL,
      updated_at          timestamptz NOT NULL,
      obsolete_at         timestamptz
    );
    CREATE UNIQUE INDEX offers_slug ON offers (slug);
    CREATE INDEX offers_lieu_path ON offers USING gin (lieu_path) WHERE status = 'active';
    CREATE INDEX offers_rubrique_path ON offers USING gin (rubrique_path) WHERE status = 'active';
    CREATE INDEX offers_atouts ON offers USING gin (atouts) WHERE status = 'active';
    CREATE INDEX offers_nature_price ON offers (nature, price) WHERE status = 'active';
    CREATE INDEX offers_nature_monthly ON offers (nature, monthly_rent) WHERE status = 'active';
    CREATE INDEX offers_nature_weekly ON offers (nature, weekly_rent) WHERE status = 'active';
    CREATE INDEX offers_nature_published ON offers (nature, published_at DESC) WHERE status = 'active';
    CREATE INDEX offers_published ON offers (published_at);
    CREATE INDEX offers_agency ON offers (agency_id, nature) WHERE status = 'active';
    CREATE INDEX offers_premium ON offers (nature) WHERE status = 'active' AND premium;

    CREATE TABLE external_links (
      id        integer PRIMARY KEY,
      lieu_id   integer REFERENCES lieux(id),
      position  smallint NOT NULL DEFAULT 0,
      label_fr  text NOT NULL,
      label_en  text NOT NULL,
      url       text NOT NULL
    );
    CREATE INDEX external_links_lieu ON external_links (lieu_id);

    -- settings and omr configuration: one JSON value per key
    CREATE TABLE settings (key text PRIMARY KEY, value jsonb NOT NULL);
    CREATE TABLE omr_config (key text PRIMARY KEY, value jsonb NOT NULL);

    CREATE TABLE contacts (
      id               bigserial PRIMARY KEY,
      created_at       timestamptz NOT NULL DEFAULT now(),
      idempotency_key  text UNIQUE,
      offer_id         integer REFERENCES offers(id),
      agency_id        integer REFERENCES agencies(id),
      lang             text NOT NULL,
      name             text NOT NULL,
      email            text NOT NULL,
      phone            text NOT NULL,
      phone_e164       text NOT NULL,
      message          text NOT NULL,
      reco             boolean NOT NULL DEFAULT false
    );

    CREATE TABLE prospects (
      id               bigserial PRIMARY KEY,
      created_at       timestamptz NOT NULL DEFAULT now(),
      idempotency_key  text UNIQUE,
      lang             text NOT NULL,
      lastname         text NOT NULL,
      firstname        text NOT NULL,
      company          text NOT NULL,
      lieu_id          integer REFERENCES lieux(id),
      city             text NOT NULL,
      phone            text NOT NULL,
      phone_e164       text NOT NULL,
      email            text NOT NULL,
      message          text NOT NULL DEFAULT ''
    );

    -- An alert is owned by whoever holds its token; only sha256(token) is stored.
    CREATE TABLE alerts (
      id                 bigserial PRIMARY KEY,
      created_at         timestamptz NOT NULL DEFAULT now(),
      token_hash         text NOT NULL UNIQUE,
      email              text NOT NULL,
      lang               text NOT NULL,
      contact_proximite  boolean NOT NULL DEFAULT false,
      criteria           jsonb NOT NULL,
      criteria_key       text NOT NULL,
      confirmed_at       timestamptz,
      unsubscribed_at    timestamptz,
      last_sent_at       timestamptz
    );
    CREATE UNIQUE INDEX alerts_email_criteria ON alerts (lower(email), criteria_key)
      WHERE unsubscribed_at IS NULL;

    CREATE TABLE stats (
      id          bigserial PRIMARY KEY,
      created_at  timestamptz NOT NULL DEFAULT now(),
      type        text NOT NULL CHECK (type IN ('liste', 'detail', 'email', 'telephone')),
      offer_ids   integer[] NOT NULL
    );
    CREATE INDEX stats_created ON stats (created_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE IF EXISTS stats, alerts, prospects, contacts, omr_config, settings, external_links,
      offers, reviews, omr_agency_lists, agencies, networks, lieux, omr_lists, rubriques, natures
      CASCADE;
  `.execute(db);
}
