import { Component, type ReactNode } from 'react';
import { ApplicationError, describeError } from './application-error';

type Props = { pathname: string; children: ReactNode };
type State = { failure: { error: unknown } | null; pathname: string };

/**
 * Spec §2: a page that throws (or whose code cannot load) shows the application error instead of
 * a blank screen. Going to another address tries again.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { failure: null, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failure: { error } };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.pathname === state.pathname ? null : { failure: null, pathname: props.pathname };
  }

  override render() {
    const { failure } = this.state;
    if (failure) return <ApplicationError reason={describeError(failure.error)} />;
    return this.props.children;
  }
}
