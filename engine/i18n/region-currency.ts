/**
 * The currency a region uses today (CLDR supplemental currency data, current tender only), for formatters that
 * take their currency from the locale (`bookkeeper-money-format`). A locale without a region is maximized
 * first (`de` → DE, `en` → US); a region not listed here falls back to USD.
 */
const EURO = 'AD AT AX BE BL CY DE EE ES FI FR GF GP GR HR IE IT LT LU LV MC ME MF MQ MT NL PM PT RE SI SK SM TF VA XK YT';

const TABLE =
  'AE:AED AF:AFN AL:ALL AM:AMD AO:AOA AR:ARS AU:AUD AW:AWG AZ:AZN BA:BAM BB:BBD BD:BDT BG:BGN BH:BHD BI:BIF BM:BMD ' +
  'BN:BND BO:BOB BR:BRL BS:BSD BT:BTN BW:BWP BY:BYN BZ:BZD CA:CAD CD:CDF CH:CHF CL:CLP CN:CNY CO:COP CR:CRC CU:CUP ' +
  'CV:CVE CZ:CZK DJ:DJF DK:DKK DO:DOP DZ:DZD EG:EGP ER:ERN ET:ETB FJ:FJD FO:DKK GB:GBP GE:GEL GH:GHS GI:GIP GL:DKK ' +
  'GM:GMD GN:GNF GT:GTQ GY:GYD HK:HKD HN:HNL HT:HTG HU:HUF ID:IDR IL:ILS IN:INR IQ:IQD IR:IRR IS:ISK JM:JMD JO:JOD ' +
  'JP:JPY KE:KES KG:KGS KH:KHR KM:KMF KR:KRW KW:KWD KY:KYD KZ:KZT LA:LAK LB:LBP LI:CHF LK:LKR LR:LRD LS:LSL LY:LYD ' +
  'MA:MAD MD:MDL MG:MGA MK:MKD MM:MMK MN:MNT MO:MOP MR:MRU MU:MUR MV:MVR MW:MWK MX:MXN MY:MYR MZ:MZN NA:NAD NG:NGN ' +
  'NI:NIO NO:NOK NP:NPR NZ:NZD OM:OMR PA:PAB PE:PEN PG:PGK PH:PHP PK:PKR PL:PLN PY:PYG QA:QAR RO:RON RS:RSD RU:RUB ' +
  'RW:RWF SA:SAR SB:SBD SC:SCR SD:SDG SE:SEK SG:SGD SL:SLE SO:SOS SR:SRD SS:SSP SY:SYP SZ:SZL TH:THB TJ:TJS TM:TMT ' +
  'TN:TND TO:TOP TR:TRY TT:TTD TW:TWD TZ:TZS UA:UAH UG:UGX US:USD UY:UYU UZ:UZS VE:VES VN:VND VU:VUV WS:WST YE:YER ' +
  'ZA:ZAR ZM:ZMW ZW:ZWL BJ:XOF BF:XOF CI:XOF GW:XOF ML:XOF NE:XOF SN:XOF TG:XOF CM:XAF CF:XAF TD:XAF CG:XAF GQ:XAF ' +
  'GA:XAF PF:XPF NC:XPF WF:XPF EC:USD SV:USD PR:USD GU:USD AS:USD VI:USD TL:USD MH:USD FM:USD PW:USD';

const CURRENCY_OF: ReadonlyMap<string, string> = new Map([
  ...EURO.split(' ').map((r) => [r, 'EUR'] as [string, string]),
  ...TABLE.split(' ').map((pair) => pair.split(':') as [string, string]),
]);

const cache = new Map<string, string>();

/** The currency of `locale`'s region (an Intl-ready tag such as `de-DE` or `ja`). */
export function regionCurrency(locale: string): string {
  let hit = cache.get(locale);
  if (hit === undefined) {
    let region: string | undefined;
    try {
      region = new Intl.Locale(locale).maximize().region;
    } catch {
      region = undefined;
    }
    hit = (region === undefined ? undefined : CURRENCY_OF.get(region)) ?? 'USD';
    if (cache.size < 256) cache.set(locale, hit);
  }
  return hit;
}
