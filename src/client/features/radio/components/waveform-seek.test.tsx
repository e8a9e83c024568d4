// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { seekTarget } from "../lib/seek-keys";
import { WaveformSeek } from "./waveform-seek";

afterEach(cleanup);

const PEAKS = Array.from({ length: 100 }, (_, i) => (i % 10) / 10);

function renderBar(props: Partial<Parameters<typeof WaveformSeek>[0]> = {}) {
  const onSeek = vi.fn();
  const view = render(<WaveformSeek waveform={PEAKS} position={65} duration={200} disabled={false} onSeek={onSeek} {...props} />);
  return { onSeek, view, slider: screen.getByRole("slider", { name: "Seek" }) as HTMLInputElement };
}

describe("seek keys", () => {
  it("moves 5 s on arrows, 30 s on Page Up/Down, to the ends on Home/End, within the track", () => {
    expect(seekTarget("ArrowRight", 65, 200)).toBe(70);
    expect(seekTarget("ArrowUp", 65, 200)).toBe(70);
    expect(seekTarget("ArrowLeft", 65, 200)).toBe(60);
    expect(seekTarget("ArrowDown", 65, 200)).toBe(60);
    expect(seekTarget("PageUp", 65, 200)).toBe(95);
    expect(seekTarget("PageDown", 65, 200)).toBe(35);
    expect(seekTarget("Home", 65, 200)).toBe(0);
    expect(seekTarget("End", 65, 200)).toBe(200);
    expect(seekTarget("PageUp", 190, 200)).toBe(200);
    expect(seekTarget("ArrowLeft", 2, 200)).toBe(0);
    expect(seekTarget("Enter", 65, 200)).toBeNull();
  });
});

describe("the waveform seek bar", () => {
  it("is one slider named Seek, in seconds, with the time as its value text", () => {
    const { slider } = renderBar();
    expect(screen.getAllByRole("slider")).toHaveLength(1);
    expect(slider.getAttribute("min")).toBe("0");
    expect(slider.getAttribute("max")).toBe("200");
    expect(slider.value).toBe("65");
    expect(slider.getAttribute("aria-valuetext")).toBe("1:05 of 3:20");
  });

  it("seeks by keyboard and leaves other keys and shortcuts to the browser", () => {
    const { slider, onSeek } = renderBar();
    const keys: Array<[string, number]> = [
      ["ArrowRight", 70],
      ["ArrowLeft", 60],
      ["PageUp", 95],
      ["PageDown", 35],
      ["Home", 0],
      ["End", 200],
    ];
    for (const [key, to] of keys) {
      onSeek.mockClear();
      const event = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true });
      slider.dispatchEvent(event);
      expect(onSeek, key).toHaveBeenCalledWith(to);
      expect(event.defaultPrevented, key).toBe(true);
    }
    onSeek.mockClear();
    fireEvent.keyDown(slider, { key: "Tab" });
    fireEvent.keyDown(slider, { key: "ArrowLeft", altKey: true });
    expect(onSeek).not.toHaveBeenCalled();
  });

  it("seeks where it is clicked or dragged to (the input's value)", () => {
    const { slider, onSeek } = renderBar();
    fireEvent.change(slider, { target: { value: "150" } });
    expect(onSeek).toHaveBeenCalledWith(150);
  });

  it("draws one bar per point, the played ones apart, and flat bars without a waveform", () => {
    const { view } = renderBar();
    const waveform = screen.getByTestId("waveform");
    expect(waveform.querySelectorAll("rect")).toHaveLength(100);
    expect(waveform.querySelectorAll("[data-played] rect")).toHaveLength(33); // 65 of 200 s
    const heights = [...waveform.querySelectorAll("rect")].map((r) => Number(r.getAttribute("height")));
    expect(Math.max(...heights)).toBe(90);

    view.rerender(<WaveformSeek waveform={null} position={0} duration={0} disabled onSeek={() => {}} />);
    const flat = [...screen.getByTestId("waveform").querySelectorAll("rect")].map((r) => r.getAttribute("height"));
    expect(flat).toHaveLength(100);
    expect(new Set(flat).size).toBe(1);
    expect((screen.getByRole("slider", { name: "Seek" }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTestId("waveform").querySelectorAll("[data-played] rect")).toHaveLength(0);
  });
});
