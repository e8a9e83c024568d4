import { describe, expect, it } from "vitest";
import { fieldErrors } from "./auth-schemas.js";
import { capitalizeName, CREATOR_MESSAGES, CreatorApplicationSchema, creatorIdBase, EMPTY_CREATOR_APPLICATION, normalizeInstagram } from "./creator-schemas.js";
import { ART_DISCIPLINES, countWords, disciplineLabel, isWebUrl } from "./creator-fields.js";

const ok = {
  first_name: "Maya",
  last_name: "Lopez",
  email: "maya@example.com",
  bio: "Muralist and sign painter.",
  city: "Chicago",
  state: "IL",
  art_type: ["visual_art"],
  instagram: "",
  website: "",
  image_url: "",
};

const errorsOf = (input: unknown) => {
  const result = CreatorApplicationSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};
const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(" ");

describe("CreatorApplicationSchema: the spec's messages", () => {
  it("reports every required field of an empty form at once", () => {
    expect(errorsOf(EMPTY_CREATOR_APPLICATION)).toEqual({
      first_name: "First name is required",
      last_name: "Last name is required",
      email: "Email is required",
      bio: "Bio is required",
      city: "City is required",
      state: "State is required",
      art_type: "Please select at least one art discipline",
    });
  });

  it("refuses non-objects without throwing", () => {
    for (const input of [null, undefined, [], "text", 42]) {
      expect(CreatorApplicationSchema.safeParse(input).success).toBe(false);
    }
  });

  it("treats missing and non-string values like empty ones", () => {
    expect(errorsOf({})).toEqual(errorsOf(EMPTY_CREATOR_APPLICATION));
    expect(errorsOf({ ...ok, first_name: 42, art_type: "music" })).toEqual({
      first_name: "First name is required",
      art_type: "Please select at least one art discipline",
    });
  });

  it.each([
    ["first_name", "   ", "First name is required"],
    ["last_name", "", "Last name is required"],
    ["email", " ", "Email is required"],
    ["email", "maya", "Email is invalid"],
    ["email", "maya@example", "Email is invalid"],
    ["email", "maya@example.c", "Email is invalid"],
    ["email", "maya@@example.com", "Email is invalid"],
    ["email", "maya @example.com", "Email is invalid"],
    ["email", "maya@example..com", "Email is invalid"],
    ["email", "maya@.com", "Email is invalid"],
    ["bio", "\n\t ", "Bio is required"],
    ["bio", words(201), "Bio must be 200 words or less"],
    ["city", "", "City is required"],
    ["state", "", "State is required"],
    ["art_type", [], "Please select at least one art discipline"],
  ])("%s = %j → %s", (field, value, message) => {
    expect(errorsOf({ ...ok, [field]: value })).toEqual({ [field]: message });
  });

  it("accepts emails with a top-level domain of two or more characters", () => {
    for (const email of ["a@b.co", "first.last+tag@sub.example.org", "x@example.museum"]) {
      expect(errorsOf({ ...ok, email }), email).toEqual({});
    }
  });

  it("counts whitespace-separated words: 200 pass, 201 do not", () => {
    expect(errorsOf({ ...ok, bio: words(200) })).toEqual({});
    expect(errorsOf({ ...ok, bio: `  ${words(200).replace(/ /g, " \n\t ")}  ` })).toEqual({});
    expect(errorsOf({ ...ok, bio: words(201) })).toEqual({ bio: "Bio must be 200 words or less" });
    expect(countWords("")).toBe(0);
    expect(countWords("  one\ttwo\nthree  ")).toBe(3);
    expect(countWords("don't stop-me now")).toBe(3);
  });
});

describe("CreatorApplicationSchema: the checks beyond the spec", () => {
  it("wants a state from the list and a city of that state", () => {
    expect(errorsOf({ ...ok, state: "XX" })).toEqual({ state: CREATOR_MESSAGES.stateUnknown });
    expect(errorsOf({ ...ok, state: "Illinois" })).toEqual({ state: CREATOR_MESSAGES.stateUnknown });
    expect(errorsOf({ ...ok, city: "Gotham" })).toEqual({ city: CREATOR_MESSAGES.cityUnknown });
    expect(errorsOf({ ...ok, state: "OR", city: "Chicago" })).toEqual({ city: CREATOR_MESSAGES.cityUnknown });
    // With the state itself wrong, only the state is reported.
    expect(errorsOf({ ...ok, state: "XX", city: "Gotham" })).toEqual({ state: CREATOR_MESSAGES.stateUnknown });
  });

  it("reports a wrong city alongside the other fields' messages", () => {
    expect(errorsOf({ ...ok, first_name: "", city: "Gotham" })).toEqual({
      first_name: "First name is required",
      city: CREATOR_MESSAGES.cityUnknown,
    });
  });

  it("accepts only the art type options", () => {
    expect(errorsOf({ ...ok, art_type: ["music", "painting"] })).toEqual({ art_type: CREATOR_MESSAGES.disciplineUnknown });
    expect(errorsOf({ ...ok, art_type: [1] })).toEqual({ "art_type.0": CREATOR_MESSAGES.disciplineUnknown });
    expect(errorsOf({ ...ok, art_type: [...ART_DISCIPLINES] })).toEqual({});
  });

  it("limits lengths", () => {
    expect(errorsOf({ ...ok, first_name: "A".repeat(51) })).toEqual({ first_name: CREATOR_MESSAGES.firstNameTooLong });
    expect(errorsOf({ ...ok, last_name: "A".repeat(51) })).toEqual({ last_name: CREATOR_MESSAGES.lastNameTooLong });
    expect(errorsOf({ ...ok, email: `${"a".repeat(250)}@example.com` })).toEqual({ email: CREATOR_MESSAGES.emailTooLong });
    expect(errorsOf({ ...ok, bio: "a".repeat(2001) })).toEqual({ bio: CREATOR_MESSAGES.bioTooManyCharacters });
    expect(errorsOf({ ...ok, website: `https://example.com/${"a".repeat(2048)}` })).toEqual({
      website: CREATOR_MESSAGES.websiteInvalid,
    });
  });

  it("wants a letter in each name and no control characters", () => {
    expect(errorsOf({ ...ok, first_name: "123" })).toEqual({ first_name: CREATOR_MESSAGES.firstNameLetters });
    expect(errorsOf({ ...ok, last_name: "—" })).toEqual({ last_name: CREATOR_MESSAGES.lastNameLetters });
    expect(errorsOf({ ...ok, first_name: "Ma\u0007ya" })).toEqual({ first_name: CREATOR_MESSAGES.textInvalid });
    expect(errorsOf({ ...ok, city: "Chi\ncago" })).toEqual({ city: CREATOR_MESSAGES.textInvalid });
    expect(errorsOf({ ...ok, bio: "bell \u0007" })).toEqual({ bio: CREATOR_MESSAGES.textInvalid });
    expect(errorsOf({ ...ok, bio: "two\nlines\r\nand a\ttab" })).toEqual({});
  });

  it("accepts Instagram handles with letters, digits, periods and underscores", () => {
    for (const instagram of ["maya.paints_walls", "@maya", "M4YA", "a".repeat(30), "@"]) {
      expect(errorsOf({ ...ok, instagram }), instagram).toEqual({});
    }
    expect(CreatorApplicationSchema.parse({ ...ok, instagram: "@" }).instagram).toBe("");
    for (const instagram of ["maya lopez", "maya-lopez", "maya!", "a".repeat(31), "@@maya", "<script>"]) {
      expect(errorsOf({ ...ok, instagram }), instagram).toEqual({ instagram: CREATOR_MESSAGES.instagramInvalid });
    }
  });

  const refusedUrls = [
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "%6Aavascript:alert(1)",
    "&#106;avascript:alert(1)",
    "\u0000javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "data:image/svg+xml;base64,PHN2Zz4=",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "ftp://example.com/x",
    "//example.com/x",
    "/media/creators/x.svg",
    "example.com",
    "https://",
    "https:example.com",
    "https://exa mple.com",
    "https://example.com/\u0085",
  ];

  it.each(refusedUrls)("refuses %j as website and image URL", (url) => {
    expect(errorsOf({ ...ok, website: url, image_url: url })).toEqual({
      website: CREATOR_MESSAGES.websiteInvalid,
      image_url: CREATOR_MESSAGES.imageUrlInvalid,
    });
  });

  it("accepts http and https links", () => {
    for (const url of ["https://example.com", "http://example.com/a?b=c#d", "HTTPS://EXAMPLE.COM/Path", "https://例え.jp/"]) {
      expect(errorsOf({ ...ok, website: url, image_url: url }), url).toEqual({});
    }
  });
});

describe("CreatorApplicationSchema: normalisation", () => {
  it("stores the record's spellings (spec §3)", () => {
    const parsed = CreatorApplicationSchema.parse({
      first_name: "  mAYA ",
      last_name: "DE LA CRUZ",
      email: " Maya.Lopez@Example.COM ",
      bio: "  Paints walls.\r\nTalks back.  ",
      city: " chicago ",
      state: "il",
      art_type: ["music", "visual_art", "music"],
      instagram: " @maya.paints ",
      website: " https://example.com/maya ",
      image_url: null,
    });
    expect(parsed).toEqual({
      first_name: "Maya",
      last_name: "De la cruz",
      email: "maya.lopez@example.com",
      bio: "Paints walls.\nTalks back.",
      city: "Chicago",
      state: "IL",
      art_type: ["music", "visual_art"],
      instagram: "maya.paints",
      website: "https://example.com/maya",
      image_url: "",
    });
  });

  it("makes absent optional fields empty strings", () => {
    const { instagram: _i, website: _w, image_url: _u, ...required } = ok;
    expect(CreatorApplicationSchema.parse(required)).toMatchObject({ instagram: "", website: "", image_url: "" });
  });

  it("capitalises the first letter and lowers the rest", () => {
    expect(capitalizeName("maya")).toBe("Maya");
    expect(capitalizeName("McDONALD")).toBe("Mcdonald");
    expect(capitalizeName("élodie")).toBe("Élodie");
    expect(capitalizeName("o'brien")).toBe("O'brien");
  });

  it("keeps an Instagram handle without @, also from a pasted profile link", () => {
    expect(normalizeInstagram("@maya")).toBe("maya");
    expect(normalizeInstagram("https://www.instagram.com/maya.paints/")).toBe("maya.paints");
    expect(normalizeInstagram("instagram.com/maya?igsh=1")).toBe("maya");
    expect(normalizeInstagram("maya")).toBe("maya");
  });

  it("checks web URLs by scheme and host", () => {
    expect(isWebUrl("https://example.com")).toBe(true);
    expect(isWebUrl("javascript:alert(1)")).toBe(false);
    expect(isWebUrl("https://")).toBe(false);
  });
});

describe("creatorIdBase", () => {
  it("is first_last lower-cased", () => {
    expect(creatorIdBase("Maya", "Lopez")).toBe("maya_lopez");
  });

  it("folds accents, apostrophes, spaces and punctuation", () => {
    expect(creatorIdBase("José", "Núñez")).toBe("jose_nunez");
    expect(creatorIdBase("Mary Ann", "O'Brien")).toBe("mary_ann_obrien");
    expect(creatorIdBase("Jean-Luc", "D’Arcy  III")).toBe("jean_luc_darcy_iii");
    expect(creatorIdBase("Zoë", "Smith-Jones!")).toBe("zoe_smith_jones");
  });

  it("falls back when nothing is left", () => {
    expect(creatorIdBase("李", "王")).toBe("creator");
    expect(creatorIdBase("李", "Wang")).toBe("wang");
  });
});

describe("disciplineLabel", () => {
  it("shows underscores as spaces", () => {
    expect(disciplineLabel("visual_art")).toBe("visual art");
    expect(disciplineLabel("music")).toBe("music");
  });
});
