import { Component, type ReactNode } from 'react';

/**
 * Shows `fallback` in place of `children` once rendering them threw: a lazy chunk that could not be
 * loaded (offline before it was cached, or gone after a deploy). Without it the whole app unmounted
 * and the tab went blank. The browser keeps a failed module import failed, so only a reload tries
 * again, and the fallback offers it.
 */
export class LoadBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
