import * as v from 'valibot';
import { LangSchema } from './contract';

// A contact request as the agency's software reads it: `lead.json`, attached to every lead mail,
// and the lead's delivery state, which the listings API serves to the professional space
// (GET /contact/{id}/lead). Both schemas are in the listings API's OpenAPI document.

export const LeadJsonSchema = v.object({
  /** The contact request's id on the portal. */
  id: v.number(),
  /** When the request was stored (ISO 8601). */
  created_at: v.string(),
  /** The portal the request came from. */
  source: v.string(),
  visitor: v.object({
    name: v.string(),
    email: v.string(),
    /** As typed, and in E.164. */
    phone: v.string(),
    phone_e164: v.string(),
    /** The language of the page the visitor wrote from. */
    lang: LangSchema,
    /** Opted in to recommendations of similar properties. */
    reco: v.boolean(),
  }),
  message: v.string(),
  /** The page the visitor wrote from. */
  page_url: v.string(),
  agency: v.object({ id: v.number(), name: v.string() }),
  /** The offer the request is about; null for a request to the agency itself. */
  offer: v.nullable(
    v.object({
      id: v.number(),
      reference: v.string(),
      title: v.string(),
      city: v.string(),
      url: v.string(),
      /** The negotiator the agency's feed named for the offer. */
      negotiator: v.nullable(v.string()),
    }),
  ),
});
export type LeadJson = v.InferOutput<typeof LeadJsonSchema>;

export const LEAD_STATUSES = ['queued', 'sent', 'failed'] as const;

/** GET /contact/{id}/lead: the request as lead.json, and what became of its lead mail. */
export const LeadDeliverySchema = v.object({
  lead: v.nullable(LeadJsonSchema),
  delivery: v.object({
    /** null: the request mailed nobody (marked by the spam guard). */
    status: v.nullable(v.picklist(LEAD_STATUSES)),
    /** The address the lead went to. */
    to: v.nullable(v.string()),
    /** The lead mail's Message-ID. */
    message_id: v.nullable(v.string()),
    /** The server's answer once sent; the reason once failed. */
    detail: v.nullable(v.string()),
    updated_at: v.nullable(v.string()),
  }),
});
export type LeadDelivery = v.InferOutput<typeof LeadDeliverySchema>;
