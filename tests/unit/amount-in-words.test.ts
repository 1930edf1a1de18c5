/**
 * Amounts written out as each language's cheques and payroll documents do,
 * worked example by example: the edges of each language's number words
 * (teens, tens joined by "et"/"'t", the French eighties, hundreds and
 * thousands, gaps written as 零) and the minor units.
 */
import { describe, expect, it } from "vitest";
import { amountInWords, netPayInWords } from "../../contracts/amount-in-words";

/** Major units as the examples read them: 2530050 minor units of PHP is 25,300.50. */
const php = (major: number, cents = 0) => major * 100 + cents;

describe("amountInWords in English (cheque style)", () => {
  it.each([
    [0, "Zero pesos and 00/100"],
    [1, "One peso and 00/100"],
    [10, "Ten pesos and 00/100"],
    [11, "Eleven pesos and 00/100"],
    [20, "Twenty pesos and 00/100"],
    [21, "Twenty-one pesos and 00/100"],
    [71, "Seventy-one pesos and 00/100"],
    [80, "Eighty pesos and 00/100"],
    [81, "Eighty-one pesos and 00/100"],
    [100, "One hundred pesos and 00/100"],
    [101, "One hundred one pesos and 00/100"],
    [1000, "One thousand pesos and 00/100"],
    [1001, "One thousand one pesos and 00/100"],
    [10000, "Ten thousand pesos and 00/100"],
    [100000, "One hundred thousand pesos and 00/100"],
    [1000000, "One million pesos and 00/100"],
    [2_000_017, "Two million seventeen pesos and 00/100"],
    [999_999_999, "Nine hundred ninety-nine million nine hundred ninety-nine thousand nine hundred ninety-nine pesos and 00/100"],
  ])("%i pesos", (major, words) => {
    expect(amountInWords(php(major), "PHP", "en")).toBe(words);
  });

  it("writes the cents as a fraction of a hundred", () => {
    expect(amountInWords(php(25_300, 50), "PHP", "en")).toBe("Twenty-five thousand three hundred pesos and 50/100");
    expect(amountInWords(php(1_000_000, 1), "PHP", "en")).toBe("One million pesos and 01/100");
    expect(amountInWords(99, "USD", "en")).toBe("Zero dollars and 99/100");
    expect(amountInWords(100, "USD", "en")).toBe("One dollar and 00/100");
    expect(amountInWords(123_456, "EUR", "en")).toBe("One thousand two hundred thirty-four euros and 56/100");
  });

  it("names the currency, or gives its code when it has no name in the table", () => {
    expect(amountInWords(25_300, "JPY", "en")).toBe("Twenty-five thousand three hundred yen");
    expect(amountInWords(1, "JPY", "en")).toBe("One yen");
    expect(amountInWords(880_000, "CNY", "en")).toBe("Eight thousand eight hundred yuan and 00/100");
    expect(amountInWords(150, "GBP", "en")).toBe("One GBP and 50/100");
    // Three decimals: thousandths.
    expect(amountInWords(1_005, "KWD", "en")).toBe("One KWD and 005/1000");
  });

  it("reaches the largest exact amount", () => {
    expect(amountInWords(Number.MAX_SAFE_INTEGER, "JPY", "en")).toBe(
      "Nine quadrillion seven trillion one hundred ninety-nine billion two hundred fifty-four million seven hundred forty thousand nine hundred ninety-one yen",
    );
  });
});

describe("amountInWords in French", () => {
  it.each([
    [0, "zéro euro"],
    [1, "un euro"],
    [2, "deux euros"],
    [10, "dix euros"],
    [11, "onze euros"],
    [16, "seize euros"],
    [17, "dix-sept euros"],
    [20, "vingt euros"],
    [21, "vingt et un euros"],
    [22, "vingt-deux euros"],
    [61, "soixante et un euros"],
    [70, "soixante-dix euros"],
    [71, "soixante et onze euros"],
    [77, "soixante-dix-sept euros"],
    [80, "quatre-vingts euros"],
    [81, "quatre-vingt-un euros"],
    [90, "quatre-vingt-dix euros"],
    [91, "quatre-vingt-onze euros"],
    [99, "quatre-vingt-dix-neuf euros"],
    [100, "cent euros"],
    [101, "cent un euros"],
    [180, "cent quatre-vingts euros"],
    [200, "deux cents euros"],
    [201, "deux cent un euros"],
    [1000, "mille euros"],
    [1001, "mille un euros"],
    [2000, "deux mille euros"],
    [10000, "dix mille euros"],
    [80_000, "quatre-vingt mille euros"],
    [100000, "cent mille euros"],
    [200_000, "deux cent mille euros"],
    [1000000, "un million d’euros"],
    [2_000_000, "deux millions d’euros"],
    [200_000_000, "deux cents millions d’euros"],
    [1_000_000_000, "un milliard d’euros"],
    [1_200_300, "un million deux cent mille trois cents euros"],
  ])("%i euros", (major, words) => {
    expect(amountInWords(major * 100, "EUR", "fr")).toBe(words);
  });

  it("writes the centimes in words, leaving them out when there are none", () => {
    expect(amountInWords(2_530_050, "EUR", "fr")).toBe("vingt-cinq mille trois cents euros et cinquante centimes");
    expect(amountInWords(100_000_001, "EUR", "fr")).toBe("un million d’euros et un centime");
    expect(amountInWords(1, "EUR", "fr")).toBe("zéro euro et un centime");
    expect(amountInWords(php(25_300, 50), "PHP", "fr")).toBe("vingt-cinq mille trois cents pesos et cinquante centavos");
    expect(amountInWords(10_000_000, "JPY", "fr")).toBe("dix millions de yens");
    expect(amountInWords(150, "GBP", "fr")).toBe("un GBP et 50/100");
  });
});

describe("amountInWords in Chinese financial capitals (大写)", () => {
  it.each([
    [0, "人民币零元整"],
    [1, "人民币壹元整"],
    [10, "人民币壹拾元整"],
    [11, "人民币壹拾壹元整"],
    [20, "人民币贰拾元整"],
    [21, "人民币贰拾壹元整"],
    [71, "人民币柒拾壹元整"],
    [80, "人民币捌拾元整"],
    [81, "人民币捌拾壹元整"],
    [100, "人民币壹佰元整"],
    [101, "人民币壹佰零壹元整"],
    [1000, "人民币壹仟元整"],
    [1001, "人民币壹仟零壹元整"],
    [1010, "人民币壹仟零壹拾元整"],
    [10000, "人民币壹万元整"],
    [10005, "人民币壹万零伍元整"],
    [100000, "人民币壹拾万元整"],
    [1000000, "人民币壹佰万元整"],
    [100_000_001, "人民币壹亿零壹元整"],
    [100_010_000, "人民币壹亿零壹万元整"],
    [1_000_000_000_000, "人民币壹万亿元整"],
  ])("%i yuan", (major, words) => {
    expect(amountInWords(major * 100, "CNY", "cn")).toBe(words);
  });

  it("writes 角 and 分, with 零 for an empty 角 and 整 when no 分 follows", () => {
    expect(amountInWords(2_530_050, "CNY", "cn")).toBe("人民币贰万伍仟叁佰元伍角整");
    expect(amountInWords(2_530_056, "CNY", "cn")).toBe("人民币贰万伍仟叁佰元伍角陆分");
    expect(amountInWords(100_000_001, "CNY", "cn")).toBe("人民币壹佰万元零壹分");
    expect(amountInWords(50, "CNY", "cn")).toBe("人民币伍角整");
    expect(amountInWords(5, "CNY", "cn")).toBe("人民币伍分");
    expect(amountInWords(10_700_053, "CNY", "cn")).toBe("人民币壹拾万柒仟元伍角叁分");
  });

  it("puts another currency's name (or code) before the same capitals", () => {
    expect(amountInWords(php(25_300, 50), "PHP", "cn")).toBe("菲律宾比索贰万伍仟叁佰元伍角整");
    expect(amountInWords(25_300, "JPY", "cn")).toBe("日元贰万伍仟叁佰元整");
    expect(amountInWords(1_999, "USD", "cn")).toBe("美元壹拾玖元玖角玖分");
    expect(amountInWords(150, "GBP", "cn")).toBe("GBP壹元伍角整");
  });
});

describe("amountInWords in Japanese (漢数字)", () => {
  it.each([
    [0, "金零円"],
    [1, "金一円"],
    [10, "金十円"],
    [11, "金十一円"],
    [20, "金二十円"],
    [21, "金二十一円"],
    [71, "金七十一円"],
    [80, "金八十円"],
    [81, "金八十一円"],
    [100, "金百円"],
    [101, "金百一円"],
    [1000, "金千円"],
    [1001, "金千一円"],
    [10000, "金一万円"],
    [25_300, "金二万五千三百円"],
    [100000, "金十万円"],
    [1000000, "金百万円"],
    [10_000_000, "金一千万円"],
    [100_000_000, "金一億円"],
    [100_000_001, "金一億一円"],
    [1_000_000_000_000, "金一兆円"],
  ])("%i yen", (major, words) => {
    expect(amountInWords(major, "JPY", "jp")).toBe(words);
  });

  it("writes other currencies by their Japanese names", () => {
    expect(amountInWords(php(25_300, 50), "PHP", "jp")).toBe("金二万五千三百ペソ五十センタボ");
    expect(amountInWords(100_000_001, "USD", "jp")).toBe("金百万ドル一セント");
    expect(amountInWords(10_000, "EUR", "jp")).toBe("金百ユーロ");
    expect(amountInWords(10_050, "CNY", "jp")).toBe("金百人民元と50/100");
    expect(amountInWords(150, "GBP", "jp")).toBe("金一GBPと50/100");
  });
});

describe("amountInWords in Filipino", () => {
  it.each([
    [0, "sero piso"],
    [1, "isang piso"],
    [4, "apat na piso"],
    [9, "siyam na piso"],
    [10, "sampung piso"],
    [11, "labing-isang piso"],
    [12, "labindalawang piso"],
    [20, "dalawampung piso"],
    [21, "dalawampu't isang piso"],
    [71, "pitumpu't isang piso"],
    [80, "walumpung piso"],
    [81, "walumpu't isang piso"],
    [100, "isandaang piso"],
    [101, "isandaan isang piso"],
    [400, "apatnaraang piso"],
    [1000, "isang libong piso"],
    [1001, "isang libo isang piso"],
    [4000, "apat na libong piso"],
    [10000, "sampung libong piso"],
    [25_300, "dalawampu't limang libo tatlondaang piso"],
    [100000, "isandaang libong piso"],
    [1000000, "isang milyong piso"],
    [2_000_000_000, "dalawang bilyong piso"],
  ])("%i piso", (major, words) => {
    expect(amountInWords(php(major), "PHP", "tl")).toBe(words);
  });

  it("adds the sentimo with 'at', leaving it out when there is none", () => {
    expect(amountInWords(php(25_300, 50), "PHP", "tl")).toBe("dalawampu't limang libo tatlondaang piso at limampung sentimo");
    expect(amountInWords(php(1_000_000, 1), "PHP", "tl")).toBe("isang milyong piso at isang sentimo");
    expect(amountInWords(php(0, 99), "PHP", "tl")).toBe("sero piso at siyamnapu't siyam na sentimo");
    expect(amountInWords(25_300, "JPY", "tl")).toBe("dalawampu't limang libo tatlondaang yen");
    expect(amountInWords(150, "GBP", "tl")).toBe("isa GBP at 50/100");
  });
});

describe("amountInWords refuses what no payable document prints", () => {
  it.each(["en", "fr", "cn", "jp", "tl"] as const)("%s: negative, fractional or inexact amounts give null", (language) => {
    expect(amountInWords(-1, "PHP", language)).toBeNull();
    expect(amountInWords(1.5, "PHP", language)).toBeNull();
    expect(amountInWords(Number.MAX_SAFE_INTEGER + 1, "PHP", language)).toBeNull();
    expect(amountInWords(0, "PHP", language)).not.toBeNull();
  });
});

describe("netPayInWords: where a payslip writes its net out", () => {
  it("in English, Filipino and Chinese; not in Japanese or French, whose payslips show figures only", () => {
    expect(netPayInWords(150000, "PHP", "en")).toBe(amountInWords(150000, "PHP", "en"));
    expect(netPayInWords(150000, "PHP", "tl")).toBe(amountInWords(150000, "PHP", "tl"));
    expect(netPayInWords(150000, "CNY", "cn")).toBe(amountInWords(150000, "CNY", "cn"));
    expect(netPayInWords(150000, "JPY", "jp")).toBeNull();
    expect(netPayInWords(150000, "EUR", "fr")).toBeNull();
    expect(netPayInWords(-100, "PHP", "en")).toBeNull();
  });
});
