/**
 * An amount written out, as cheques and payroll documents print the net so
 * that its figures cannot be altered unnoticed: each language by its own
 * custom (English cheque style "… pesos and 50/100", French spelling rules,
 * Chinese financial capitals 大写, Japanese 漢数字 with 万/億, Filipino number
 * words with their linkers). Integer arithmetic only: money is minor units.
 */
import type { LanguageCode } from "./auth";
import { minorDigits } from "./money";

/** A currency's unit names in a language that inflects them; the minor unit left out where it has no usual word. */
type InflectedNames = { one: string; many: string; minorOne?: string; minorMany?: string };
/** The same in a language whose nouns do not change with the count. */
type InvariableNames = { name: string; minor?: string };

/** Splits an amount into its major and minor parts; null when it cannot be written (negative, fractional, too large, or a currency with more than 3 decimals). */
function split(minor: number, currency: string): { major: number; fraction: number; digits: number } | null {
  if (!Number.isSafeInteger(minor) || minor < 0) return null;
  const digits = minorDigits(currency);
  if (digits > 3) return null;
  const scale = 10 ** digits;
  return { major: Math.floor(minor / scale), fraction: minor % scale, digits };
}

/** "50/100": the cheque's way of writing the minor part when the language or currency has no word for it. */
const asHundredths = (fraction: number, digits: number) => `${String(fraction).padStart(digits, "0")}/${10 ** digits}`;

// ---------------------------------------------------------------- English

const EN_SMALL = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"];
const EN_TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
const EN_SCALES = ["", "thousand", "million", "billion", "trillion", "quadrillion"];

function englishBelowThousand(n: number): string {
  const words: string[] = [];
  if (n >= 100) words.push(`${EN_SMALL[Math.floor(n / 100)]} hundred`);
  const rest = n % 100;
  if (rest >= 20) words.push(EN_TENS[Math.floor(rest / 10)] + (rest % 10 ? `-${EN_SMALL[rest % 10]}` : ""));
  else if (rest > 0) words.push(EN_SMALL[rest]);
  return words.join(" ");
}

/** American cheque style: no "and" inside the number, so the only "and" is the one before the cents. */
function englishNumber(n: number): string {
  if (n === 0) return EN_SMALL[0];
  const words: string[] = [];
  for (let scale = EN_SCALES.length - 1; scale >= 0; scale--) {
    const group = Math.floor(n / 1000 ** scale) % 1000;
    if (group) words.push(englishBelowThousand(group) + (scale ? ` ${EN_SCALES[scale]}` : ""));
  }
  return words.join(" ");
}

const EN_UNITS: Record<string, InflectedNames> = {
  PHP: { one: "peso", many: "pesos" },
  USD: { one: "dollar", many: "dollars" },
  EUR: { one: "euro", many: "euros" },
  JPY: { one: "yen", many: "yen" },
  CNY: { one: "yuan", many: "yuan" },
};

/** "Twenty-five thousand three hundred pesos and 50/100": the cents always written, 00/100 included, as on a cheque. */
function english(major: number, fraction: number, digits: number, currency: string): string {
  const unit = EN_UNITS[currency];
  const name = unit ? (major === 1 ? unit.one : unit.many) : currency;
  const words = englishNumber(major);
  const text = `${words.charAt(0).toUpperCase()}${words.slice(1)} ${name}`;
  return digits ? `${text} and ${asHundredths(fraction, digits)}` : text;
}

// ---------------------------------------------------------------- French

const FR_SMALL = ["zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze", "douze", "treize", "quatorze", "quinze", "seize"];
const FR_TENS = ["", "dix", "vingt", "trente", "quarante", "cinquante", "soixante"];

function frenchBelowHundred(n: number): string {
  if (n <= 16) return FR_SMALL[n];
  if (n < 20) return `dix-${FR_SMALL[n - 10]}`;
  // 70-79 and 90-99 count on from sixty and eighty: soixante-douze, quatre-vingt-dix-sept.
  const tens = n < 80 ? Math.min(Math.floor(n / 10), 6) : 8;
  const base = tens === 8 ? "quatre-vingt" : FR_TENS[tens];
  const rest = n - tens * 10;
  if (rest === 0) return tens === 8 ? "quatre-vingts" : base;
  // "et" joins un and onze to the tens up to seventy (vingt et un, soixante et onze), never after quatre-vingt.
  if ((rest === 1 || rest === 11) && tens !== 8) return `${base} et ${frenchBelowHundred(rest)}`;
  return `${base}-${frenchBelowHundred(rest)}`;
}

/** Below a thousand; `final` when nothing numeral follows, the only place cent and quatre-vingt take their plural s. */
function frenchBelowThousand(n: number, final: boolean): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  let text = rest ? frenchBelowHundred(rest) : "";
  if (!final && rest === 80) text = "quatre-vingt";
  if (hundreds === 0) return text;
  const cent = hundreds === 1 ? "cent" : `${FR_SMALL[hundreds]} cent${rest === 0 && final ? "s" : ""}`;
  return rest ? `${cent} ${text}` : cent;
}

/** Million and milliard are nouns: they agree and leave the plural s on cent/vingt before them ("deux cents millions"). */
const FR_NOUN_SCALES = [
  { value: 1e15, one: "billiard", many: "billiards" },
  { value: 1e12, one: "billion", many: "billions" },
  { value: 1e9, one: "milliard", many: "milliards" },
  { value: 1e6, one: "million", many: "millions" },
];

function frenchNumber(n: number): string {
  if (n === 0) return FR_SMALL[0];
  const words: string[] = [];
  let rest = n;
  for (const scale of FR_NOUN_SCALES) {
    const count = Math.floor(rest / scale.value);
    rest %= scale.value;
    if (count) words.push(`${frenchNumber(count)} ${count === 1 ? scale.one : scale.many}`);
  }
  const thousands = Math.floor(rest / 1000);
  const units = rest % 1000;
  // Mille is invariable and never preceded by "un"; it is a numeral, so cent and vingt before it stay singular.
  if (thousands) words.push(thousands === 1 ? "mille" : `${frenchBelowThousand(thousands, false)} mille`);
  if (units) words.push(frenchBelowThousand(units, true));
  return words.join(" ");
}

const FR_UNITS: Record<string, InflectedNames> = {
  EUR: { one: "euro", many: "euros", minorOne: "centime", minorMany: "centimes" },
  USD: { one: "dollar", many: "dollars", minorOne: "cent", minorMany: "cents" },
  PHP: { one: "peso", many: "pesos", minorOne: "centavo", minorMany: "centavos" },
  JPY: { one: "yen", many: "yens" },
  CNY: { one: "yuan", many: "yuans", minorOne: "fen", minorMany: "fens" },
};

/** Below two, the French noun stays singular: zéro euro, un euro, deux euros. */
const frenchCount = (count: number, one: string, many: string) => `${frenchNumber(count)} ${count < 2 ? one : many}`;

/** "vingt-cinq mille trois cents euros et cinquante centimes"; "un million d’euros" (de after a round million). */
function french(major: number, fraction: number, digits: number, currency: string): string {
  const unit = FR_UNITS[currency];
  let text: string;
  if (!unit) text = `${frenchNumber(major)} ${currency}`;
  else if (major >= 1e6 && major % 1e6 === 0) {
    const name = unit.many;
    text = `${frenchNumber(major)} ${/^[aeiouéè]/.test(name) ? "d’" : "de "}${name}`;
  } else text = frenchCount(major, unit.one, unit.many);
  if (!fraction) return text;
  if (unit?.minorOne && unit.minorMany) return `${text} et ${frenchCount(fraction, unit.minorOne, unit.minorMany)}`;
  return `${text} et ${asHundredths(fraction, digits)}`;
}

// ---------------------------------------------------------------- Chinese financial capitals

const CN_DIGITS = ["零", "壹", "贰", "叁", "肆", "伍", "陆", "柒", "捌", "玖"];
const CN_PLACES = ["", "拾", "佰", "仟"];
/** Tenths, hundredths and thousandths of the unit. */
const CN_MINOR = ["角", "分", "厘"];

/** A number up to 9999 in capitals; zeros between digits read once as 零, trailing zeros are silent. */
function chineseGroup(n: number): string {
  let text = "";
  let pendingZero = false;
  for (let place = 3; place >= 0; place--) {
    const digit = Math.floor(n / 10 ** place) % 10;
    if (digit === 0) {
      if (text) pendingZero = true;
      continue;
    }
    if (pendingZero) text += CN_DIGITS[0];
    pendingZero = false;
    text += CN_DIGITS[digit] + CN_PLACES[place];
  }
  return text;
}

/** Groups of four digits under 万 and 亿 (above 亿 the count of 亿 is itself written with 万: 壹万亿); a gap (a group below 1000 after a higher one) reads as one 零. */
function chineseNumber(n: number): string {
  if (n === 0) return CN_DIGITS[0];
  if (n >= 1e8) {
    const rest = n % 1e8;
    const head = `${chineseNumber(Math.floor(n / 1e8))}亿`;
    return rest === 0 ? head : head + (rest < 1e7 ? CN_DIGITS[0] : "") + chineseNumber(rest);
  }
  if (n >= 1e4) {
    const rest = n % 1e4;
    const head = `${chineseGroup(Math.floor(n / 1e4))}万`;
    return rest === 0 ? head : head + (rest < 1000 ? CN_DIGITS[0] : "") + chineseGroup(rest);
  }
  return chineseGroup(n);
}

const CN_CURRENCY: Record<string, string> = { CNY: "人民币", USD: "美元", EUR: "欧元", JPY: "日元", PHP: "菲律宾比索" };

/**
 * "人民币贰万伍仟叁佰元伍角整": the currency, then 元 and its 角/分, ending in 整
 * when no 分 follows (the bank rules); a zero between 元 and 分 written as 零.
 */
function chinese(major: number, fraction: number, digits: number, currency: string): string {
  const prefix = CN_CURRENCY[currency] ?? currency;
  const minor = String(fraction).padStart(digits, "0");
  let minorText = "";
  let seen = major > 0;
  let gap = false;
  for (let index = 0; index < digits; index++) {
    const digit = Number(minor[index]);
    if (digit === 0) {
      gap = seen;
      continue;
    }
    minorText += (gap ? CN_DIGITS[0] : "") + CN_DIGITS[digit] + CN_MINOR[index];
    seen = true;
    gap = false;
  }
  // A zero amount is 零元整; a cents-only amount has no 元 part at all (人民币伍角整).
  const majorText = major > 0 || fraction === 0 ? `${chineseNumber(major)}元` : "";
  return `${prefix}${majorText}${minorText}${digits === 0 || minor.endsWith("0") ? "整" : ""}`;
}

// ---------------------------------------------------------------- Japanese

const JP_DIGITS = ["〇", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
const JP_PLACES = ["", "十", "百", "千"];
const JP_GROUPS = ["", "万", "億", "兆"];

/** Up to 9999; 一 is not said before 十 and 百, nor before 千 in the lowest group (千円 but 一千万円). */
function japaneseGroup(n: number, lowest: boolean): string {
  let text = "";
  for (let place = 3; place >= 0; place--) {
    const digit = Math.floor(n / 10 ** place) % 10;
    if (digit === 0) continue;
    const silentOne = digit === 1 && place > 0 && (place < 3 || lowest);
    text += (silentOne ? "" : JP_DIGITS[digit]) + JP_PLACES[place];
  }
  return text;
}

function japaneseNumber(n: number): string {
  if (n === 0) return "零";
  let text = "";
  for (let group = JP_GROUPS.length - 1; group >= 0; group--) {
    const value = Math.floor(n / 10_000 ** group) % 10_000;
    if (value) text += japaneseGroup(value, group === 0) + JP_GROUPS[group];
  }
  return text;
}

const JP_UNITS: Record<string, InvariableNames> = {
  JPY: { name: "円" },
  USD: { name: "ドル", minor: "セント" },
  EUR: { name: "ユーロ", minor: "セント" },
  PHP: { name: "ペソ", minor: "センタボ" },
  // 分 alone would read as minutes: the yuan's cents are written as a fraction ("金百人民元と50/100").
  CNY: { name: "人民元" },
};

/** "金二万五千三百円", as a receipt writes it; other currencies by their Japanese names ("金百ドル五十セント"). */
function japanese(major: number, fraction: number, digits: number, currency: string): string {
  const unit = JP_UNITS[currency];
  const text = `金${japaneseNumber(major)}${unit?.name ?? currency}`;
  if (!fraction) return text;
  return unit?.minor ? `${text}${japaneseNumber(fraction)}${unit.minor}` : `${text}と${asHundredths(fraction, digits)}`;
}

// ---------------------------------------------------------------- Filipino (Tagalog)

const TL_UNITS_WORDS = ["", "isa", "dalawa", "tatlo", "apat", "lima", "anim", "pito", "walo", "siyam"];
const TL_TEENS = ["sampu", "labing-isa", "labindalawa", "labintatlo", "labing-apat", "labinlima", "labing-anim", "labimpito", "labingwalo", "labinsiyam"];
const TL_TENS = ["", "", "dalawampu", "tatlumpu", "apatnapu", "limampu", "animnapu", "pitumpu", "walumpu", "siyamnapu"];
const TL_HUNDREDS = ["", "isandaan", "dalawandaan", "tatlondaan", "apatnaraan", "limandaan", "animnaraan", "pitondaan", "walondaan", "siyamnaraan"];
const TL_SCALES = ["", "libo", "milyon", "bilyon", "trilyon", "kuwadrilyon"];

/**
 * The linker between a number and what it counts: -ng after a vowel
 * (dalawang libo), -g after n (isandaang piso, milyong piso), "na" after
 * another consonant (apat na libo, siyam na piso).
 */
function linked(words: string): string {
  if (/[aeiou]$/.test(words)) return `${words}ng`;
  if (words.endsWith("n")) return `${words}g`;
  return `${words} na`;
}

function tagalogBelowThousand(n: number): string {
  const words: string[] = [];
  if (n >= 100) words.push(TL_HUNDREDS[Math.floor(n / 100)]);
  const rest = n % 100;
  if (rest >= 20) words.push(TL_TENS[Math.floor(rest / 10)] + (rest % 10 ? `'t ${TL_UNITS_WORDS[rest % 10]}` : ""));
  else if (rest >= 10) words.push(TL_TEENS[rest - 10]);
  else if (rest > 0) words.push(TL_UNITS_WORDS[rest]);
  return words.join(" ");
}

function tagalogNumber(n: number): string {
  if (n === 0) return "sero";
  const words: string[] = [];
  for (let scale = TL_SCALES.length - 1; scale >= 0; scale--) {
    const group = Math.floor(n / 1000 ** scale) % 1000;
    if (group) words.push(scale ? `${linked(tagalogBelowThousand(group))} ${TL_SCALES[scale]}` : tagalogBelowThousand(group));
  }
  return words.join(" ");
}

const TL_UNITS: Record<string, InvariableNames> = {
  PHP: { name: "piso", minor: "sentimo" },
  USD: { name: "dolyar", minor: "sentimo" },
  EUR: { name: "euro", minor: "sentimo" },
  JPY: { name: "yen" },
  CNY: { name: "yuan", minor: "fen" },
};

/** A count and what it counts, linked: "dalawampu't limang libo tatlondaang piso"; zero is "sero piso". */
const tagalogCount = (n: number, noun: string) => (n === 0 ? `sero ${noun}` : `${linked(tagalogNumber(n))} ${noun}`);

/** "dalawampu't limang libo tatlondaang piso at limampung sentimo". */
function tagalog(major: number, fraction: number, digits: number, currency: string): string {
  const unit = TL_UNITS[currency];
  const text = unit ? tagalogCount(major, unit.name) : `${tagalogNumber(major)} ${currency}`;
  if (!fraction) return text;
  return unit?.minor ? `${text} at ${tagalogCount(fraction, unit.minor)}` : `${text} at ${asHundredths(fraction, digits)}`;
}

// ----------------------------------------------------------------

const WRITERS: Record<LanguageCode, (major: number, fraction: number, digits: number, currency: string) => string> = {
  en: english,
  fr: french,
  cn: chinese,
  jp: japanese,
  tl: tagalog,
};

/**
 * The amount in words in the language, or null when there is nothing to
 * write: a negative amount (no payable document prints one), a fraction of
 * a minor unit, one beyond exact integers, a currency with more than 3 decimals.
 */
export function amountInWords(minor: number, currency: string, language: LanguageCode): string | null {
  const parts = split(minor, currency);
  return parts ? WRITERS[language](parts.major, parts.fraction, parts.digits, currency) : null;
}

/**
 * Where a payslip customarily writes its net out: Philippine payroll in
 * English and Filipino (cheque style), and Chinese financial documents
 * (大写 capitals). Japanese and French payslips show figures only.
 */
const ON_PAYSLIPS: Record<LanguageCode, boolean> = { en: true, tl: true, cn: true, jp: false, fr: false };

/** The net pay in words as a payslip in `language` prints it (the PDF and the screen alike); null where it shows figures only. */
export function netPayInWords(minor: number, currency: string, language: LanguageCode): string | null {
  return ON_PAYSLIPS[language] ? amountInWords(minor, currency, language) : null;
}
