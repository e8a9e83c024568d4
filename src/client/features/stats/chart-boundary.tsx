import { Component, type ReactNode } from "react";

/**
 * The chart's own catch: a chart that cannot load (its chunk, on a dropped connection) or cannot
 * draw (no canvas) leaves `fallback` in its box, and the rest of the page, its tables first, stays.
 */
export class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
