/**
 * A lifecycle is a state machine written as data: its states and, per event, the states the event
 * may start from and the state it leads to. The server moves a row only through an event of its
 * lifecycle, in one guarded UPDATE whose WHERE is the event's from-states; the diagrams in the
 * contract's comments and in docs/ are generated from the same table (and tested against it).
 */
export type Transition<S extends string> = { readonly from: readonly S[]; readonly to: S };

export type Lifecycle<S extends string, E extends string> = {
  readonly name: string;
  readonly states: readonly S[];
  /** States a row is created in. */
  readonly initial: readonly S[];
  readonly events: { readonly [event in E]: Transition<S> };
};

export function defineLifecycle<S extends string, E extends string>(lifecycle: Lifecycle<S, E>): Lifecycle<S, E> {
  for (const [event, { from, to }] of Object.entries<Transition<S>>(lifecycle.events)) {
    for (const state of [...from, to]) {
      if (!lifecycle.states.includes(state)) throw new Error(`${lifecycle.name}.${event}: unknown state ${state}`);
    }
    if (from.length === 0) throw new Error(`${lifecycle.name}.${event}: starts from no state`);
  }
  return lifecycle;
}

/** States no event leaves: the row's story is over. */
export function finalStates<S extends string, E extends string>(lifecycle: Lifecycle<S, E>): S[] {
  const left = new Set(Object.values<Transition<S>>(lifecycle.events).flatMap((t) => t.from));
  return lifecycle.states.filter((state) => !left.has(state));
}

/** True when some event of the lifecycle moves a row from `from` to `to`. */
export function canMove<S extends string, E extends string>(lifecycle: Lifecycle<S, E>, from: S, to: S): boolean {
  return Object.values<Transition<S>>(lifecycle.events).some((t) => t.to === to && t.from.includes(from));
}

/**
 * The lifecycle as lines of text, one per event: `a | b ─(event)→ c`. The diagrams in the
 * contract and in docs/ are this text.
 */
export function lifecycleDiagram<S extends string, E extends string>(lifecycle: Lifecycle<S, E>): string[] {
  return Object.entries<Transition<S>>(lifecycle.events).map(
    ([event, { from, to }]) => `${from.join(' | ')} ─(${event})→ ${to}`,
  );
}
