// The fixed exchange-rate table of reports.query's `currency` parameter: units of each currency per 1 USD.
// Revenue is stored in micro-USD and converted after summing, so a report is predictable from this table.
//
// Which codes: the public service takes an ISO 4217 code (public-service-notes 2.2: pattern [A-Z]{3}, default
// USD). The list is the ISO 4217 list a public client of the service validates against (parafoxia/analytix,
// analytix/reports/data.py, CURRENCIES, commit 08726e15), with two changes: the codes that are no money a
// revenue can be paid in are left out (precious metals XAG XAU XPD XPT, the bond-market units XBA-XBD, XDR,
// XSU, XUA, the test and no-currency codes XTS XXX), and withdrawn codes are replaced by their ISO successors
// (MRO -> MRU, STD -> STN, VEF -> VES, SLL -> SLE; HRK and CUC, withdrawn without a successor code, are left
// out). A well-formed code outside the table is answered 400 INVALID_ARGUMENT naming the code.
//
// The rates are fixed, rounded, early-2024 levels: an illustration, not market data. The first eleven
// (USD .. MXN) are the table of earlier versions, unchanged.
export const CURRENCY_RATES: Readonly<Record<string, number>> = {
  USD: 1, EUR: 0.9, GBP: 0.8, JPY: 150, CAD: 1.35, AUD: 1.5, CHF: 0.9, INR: 83, BRL: 5, SEK: 10.5, MXN: 17,
  AED: 3.6725, AFN: 71, ALL: 93, AMD: 388, ANG: 1.79, AOA: 850, ARS: 900, AWG: 1.79, AZN: 1.7, BAM: 1.8,
  BBD: 2, BDT: 117, BGN: 1.8, BHD: 0.376, BIF: 2870, BMD: 1, BND: 1.35, BOB: 6.91, BSD: 1, BTN: 83, BWP: 13.6,
  BYN: 3.27, BZD: 2, CDF: 2800, CLP: 930, CNY: 7.2, COP: 3900, CRC: 520, CUP: 24, CVE: 101, CZK: 23, DJF: 178,
  DKK: 6.9, DOP: 59, DZD: 134, EGP: 48, ERN: 15, ETB: 57, FJD: 2.25, FKP: 0.8, GEL: 2.7, GHS: 14.5, GIP: 0.8,
  GMD: 68, GNF: 8600, GTQ: 7.8, GYD: 209, HKD: 7.8, HNL: 24.7, HTG: 132, HUF: 360, IDR: 16000, ILS: 3.7,
  IQD: 1310, IRR: 42000, ISK: 138, JMD: 156, JOD: 0.709, KES: 130, KGS: 87, KHR: 4100, KMF: 450, KPW: 900,
  KRW: 1350, KWD: 0.307, KYD: 0.833, KZT: 450, LAK: 21500, LBP: 89500, LKR: 300, LRD: 194, LSL: 18.5, LYD: 4.85,
  MAD: 10, MDL: 17.7, MGA: 4500, MKD: 56.5, MMK: 2100, MNT: 3400, MOP: 8.05, MRU: 39.7, MUR: 46, MVR: 15.4,
  MWK: 1730, MYR: 4.7, MZN: 63.9, NAD: 18.5, NGN: 1500, NIO: 36.8, NOK: 10.7, NPR: 133, NZD: 1.65, OMR: 0.385,
  PAB: 1, PEN: 3.75, PGK: 3.85, PHP: 57, PKR: 278, PLN: 3.95, PYG: 7500, QAR: 3.64, RON: 4.6, RSD: 108, RUB: 90,
  RWF: 1300, SAR: 3.75, SBD: 8.45, SCR: 13.5, SDG: 600, SGD: 1.35, SHP: 0.8, SLE: 22.5, SOS: 571, SRD: 32,
  SSP: 1300, STN: 22.5, SVC: 8.75, SYP: 13000, SZL: 18.5, THB: 36, TJS: 10.9, TMT: 3.5, TND: 3.1, TOP: 2.35,
  TRY: 32, TTD: 6.8, TWD: 32, TZS: 2600, UAH: 40, UGX: 3750, UYU: 39, UZS: 12600, VES: 36.5, VND: 25000,
  VUV: 119, WST: 2.7, XAF: 600, XCD: 2.7, XOF: 600, XPF: 109, YER: 250, ZAR: 18.5, ZMW: 26, ZWL: 5700,
};
