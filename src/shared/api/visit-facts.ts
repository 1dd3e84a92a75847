import { z } from 'zod';

/*
 * The facts a visit is planned with (issue 40, docs/decisions/043-visit-facts.md): address, opening
 * times, price, typical visit length, accessibility, official website. All optional, all entered by
 * the owner; none is ever written or translated by a model. The free texts (the opening times' note,
 * a price in words, the accessibility note) are per language: English in Edit Place, the others at
 * the editor's desk; a language without its own shows the English, marked as such.
 */

/** Weekdays as schema.org and the API name them, Monday first. */
export const WEEKDAYS = ['mo', 'tu', 'we', 'th', 'fr', 'sa', 'su'] as const;

/** Rows of opening times one place may have (a row per group of days and hours). */
export const OPENING_ROWS_MAX = 14;
export const VISIT_TEXT_MAX = 1000;
export const ADDRESS_MAX = 300;
export const WEBSITE_MAX = 500;
/** The highest price an owner may type, in the currency's main unit. */
export const PRICE_MAX = 1_000_000;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Closing may be written `24:00`: open until the end of the day. */
const CLOSING_TIME = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

export const VISIT_ERRORS = {
  time: 'Write a time as HH:MM, from 00:00 to 23:59 (closing may be 24:00).',
  days: 'Choose at least one weekday, each once: mo, tu, we, th, fr, sa, su.',
  sameTimes:
    'Opening and closing times are the same. For a place open day and night write 00:00 to 24:00; closing before opening means after midnight.',
  currency: 'Write the currency as its three-letter ISO 4217 code, such as EUR, USD or JPY.',
  amount: `Write the price as a number from 0 to ${PRICE_MAX}, with at most two decimals.`,
  price: 'A price is { free: true }, { amount, currency } or { text }.',
  duration: 'Write the visit length as an ISO 8601 duration of hours and minutes, such as PT2H or PT1H30M.',
  website: 'The website must be a full https:// address.',
} as const;

const optionalText = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`).optional();

/**
 * One row of opening times: the days it applies to and the hours. A closing time earlier than the
 * opening time means the next day (18:00 to 02:00), as in schema.org's openingHoursSpecification;
 * the same time for both is refused as ambiguous.
 */
export const openingRow = z
  .object({
    days: z
      .array(z.enum(WEEKDAYS, { error: VISIT_ERRORS.days }), { error: VISIT_ERRORS.days })
      .min(1, VISIT_ERRORS.days)
      .max(7, VISIT_ERRORS.days)
      .refine((days) => new Set(days).size === days.length, VISIT_ERRORS.days),
    opens: z.string({ error: VISIT_ERRORS.time }).regex(TIME, VISIT_ERRORS.time),
    closes: z.string({ error: VISIT_ERRORS.time }).regex(CLOSING_TIME, VISIT_ERRORS.time),
  })
  .refine((row) => row.opens !== row.closes, { message: VISIT_ERRORS.sameTimes, path: ['closes'] });
export type OpeningRow = z.infer<typeof openingRow>;

/** A price: free, an amount in a currency, or words ("Donation welcome"), in English here. */
export const priceInput = z.union(
  [
    z.object({ free: z.literal(true) }).strict(),
    z
      .object({
        amount: z
          .number({ error: VISIT_ERRORS.amount })
          .min(0, VISIT_ERRORS.amount)
          .max(PRICE_MAX, VISIT_ERRORS.amount)
          .refine((n) => Math.round(n * 100) === n * 100, VISIT_ERRORS.amount),
        currency: z
          .string({ error: VISIT_ERRORS.currency })
          .regex(/^[A-Z]{3}$/, VISIT_ERRORS.currency)
          .refine(isCurrency, VISIT_ERRORS.currency),
      })
      .strict(),
    z.object({ text: z.string().trim().min(1, VISIT_ERRORS.price).max(VISIT_TEXT_MAX) }).strict(),
  ],
  { error: VISIT_ERRORS.price },
);

/** A price as stored and shown beside the texts: free, or an amount in a currency. */
export const storedPrice = z.union([
  z.object({ free: z.literal(true) }),
  z.object({ amount: z.number(), currency: z.string() }),
]);
export type StoredPrice = z.infer<typeof storedPrice>;

/** A currency of ISO 4217 as Intl lists it: XYZ is three letters but no money. */
let currencies: Set<string> | undefined;
function isCurrency(code: string): boolean {
  currencies ??= new Set(Intl.supportedValuesOf('currency'));
  return currencies.has(code);
}

/** PT2H, PT45M, PT1H30M: a visit is counted in hours and minutes (at most 24 hours). */
const DURATION = /^PT(?:(\d{1,2})H)?(?:(\d{1,2})M)?$/;
export function durationMinutes(value: string): number | undefined {
  const match = DURATION.exec(value);
  if (!match || (match[1] === undefined && match[2] === undefined)) return undefined;
  const minutes = Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0);
  return minutes > 0 && minutes <= 24 * 60 && Number(match[2] ?? 0) < 60 ? minutes : undefined;
}
/** Minutes as an ISO 8601 duration (PT1H30M); what the Edit Place form sends from its hours and minutes. */
export function minutesToDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `PT${h ? `${h}H` : ''}${m || !h ? `${m}M` : ''}`;
}

const website = z
  .string()
  .trim()
  .max(WEBSITE_MAX, `Must be at most ${WEBSITE_MAX} characters`)
  .refine((value) => {
    if (value === '') return true;
    try {
      const url = new URL(value);
      return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, VISIT_ERRORS.website);

/**
 * Body of PUT /api/admin/places/{id}/visit: the whole set of facts, English texts included; a field
 * left out or empty is no fact (the box leaves it out). Other languages' texts are written at the
 * editor's desk (visitTextsRequest).
 */
export const visitFactsRequest = z
  .object({
    address: optionalText(ADDRESS_MAX),
    openingHours: z.array(openingRow).max(OPENING_ROWS_MAX, `At most ${OPENING_ROWS_MAX} rows`).optional(),
    hoursNote: optionalText(VISIT_TEXT_MAX),
    price: priceInput.nullable().optional(),
    duration: z
      .string()
      .trim()
      .refine((value) => value === '' || durationMinutes(value) !== undefined, VISIT_ERRORS.duration)
      .optional(),
    accessibility: optionalText(VISIT_TEXT_MAX),
    website: website.optional(),
  })
  .strict();
export type VisitFactsRequest = z.infer<typeof visitFactsRequest>;

/**
 * The texts of the facts in one language (the editor's desk; the body of PUT
 * /api/admin/places/{id}/visit/translations/{lang}); empty: none in that language.
 */
export const visitTexts = z
  .object({
    hoursNote: optionalText(VISIT_TEXT_MAX),
    priceText: optionalText(VISIT_TEXT_MAX),
    accessibility: optionalText(VISIT_TEXT_MAX),
  })
  .strict();
export type VisitTexts = z.infer<typeof visitTexts>;
export const visitTextsParams = z.object({ id: z.string(), lang: z.enum(['es', 'de', 'fr', 'zh']) });

/** The facts as the owner entered them (English texts), in the admin's answers; null: no fact at all. */
export const adminVisitDto = z.object({
  address: z.string().nullable(),
  openingHours: z.array(openingRow),
  hoursNote: z.string().nullable(),
  price: priceInput.nullable(),
  duration: z.string().nullable(),
  accessibility: z.string().nullable(),
  website: z.string().nullable(),
  /** Each other language's texts, written at the editor's desk. */
  translations: z.record(z.string(), visitTexts),
});
export type AdminVisitDto = z.infer<typeof adminVisitDto>;

/** Answer of PUT /api/admin/places/{id}/visit and of its translations. */
export const visitFactsResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  visit: adminVisitDto.nullable(),
});
export type VisitFactsResponse = z.infer<typeof visitFactsResponse>;

/**
 * GET /api/places/{id}/visit?languageCode=: the facts in a language (its own texts, else the
 * English, listed in englishFields); `null` fields are facts the owner did not give. An answer with
 * nothing in it means there is no "Plan your visit" box.
 */
export const visitDto = z.object({
  address: z.string().nullable(),
  openingHours: z.array(openingRow),
  hoursNote: z.string().nullable(),
  price: storedPrice.nullable(),
  priceText: z.string().nullable(),
  duration: z.string().nullable(),
  accessibility: z.string().nullable(),
  website: z.string().nullable(),
  englishFields: z.array(z.enum(['hoursNote', 'priceText', 'accessibility'])),
});
export type VisitDto = z.infer<typeof visitDto>;

/** Whether the facts hold anything to show. */
export const hasVisitFacts = (visit: VisitDto | null | undefined): visit is VisitDto =>
  Boolean(
    visit &&
    (visit.address ||
      visit.openingHours.length > 0 ||
      visit.hoursNote ||
      visit.price ||
      visit.priceText ||
      visit.duration ||
      visit.accessibility ||
      visit.website),
  );
