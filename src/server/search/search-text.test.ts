import { describe, expect, it } from "vitest";
import { creatorSearchText, foldSearchText, productSearchText } from "./search-text.js";

describe("foldSearchText", () => {
  it("folds case, accents, compatibility forms and the German sharp s, whatever the runtime locale", () => {
    expect(foldSearchText("CAMERA")).toBe("camera");
    expect(foldSearchText("Café Señora")).toBe("cafe senora");
    expect(foldSearchText("Straße")).toBe(foldSearchText("STRASSE"));
    expect(foldSearchText("ﬁne ①")).toBe("fine 1");
  });

  it("folds Turkish dotted and dotless i to a plain i", () => {
    // toLocaleLowerCase("tr") would give "i" for İ but keep ı, and an English locale "i̇" for İ.
    expect(foldSearchText("İSTANBUL")).toBe("istanbul");
    expect(foldSearchText("ıstanbul")).toBe("istanbul");
  });

  it("keeps punctuation, digits and LIKE wildcards as they are", () => {
    expect(foldSearchText("100% A_B (c)")).toBe("100% a_b (c)");
  });
});

describe("row search text", () => {
  it("puts the name first and separates the fields with a line break", () => {
    expect(productSearchText({ title: "Café Mug", description: "Enamel." })).toBe("cafe mug\nenamel.");
    expect(creatorSearchText({ first_name: "Ana", last_name: "Öz", bio: "Paints.", city: "İzmir" })).toBe(
      "ana oz\npaints.\nizmir",
    );
  });
});
