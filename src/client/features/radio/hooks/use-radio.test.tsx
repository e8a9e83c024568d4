import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RadioProvider, useRadio, useRadioState } from "./use-radio";

function Probe() {
  useRadio();
  return <p>{useRadioState().playing ? "playing" : "paused"}</p>;
}

describe("useRadio (spec §8)", () => {
  it("throws a clear error outside its provider", () => {
    expect(() => renderToString(<Probe />)).toThrow("useRadio must be used inside <RadioProvider>");
  });

  it("works inside the provider", () => {
    expect(renderToString(<RadioProvider><Probe /></RadioProvider>)).toContain("paused");
  });
});
