/**
 * The Transactions area (spec: operational §2–§5 Transactions): statuses, the state machine of
 * the life cycle, the area's texts, the request bodies and queries, and the wire shapes.
 */
export * from './messages';
export * from './requests';
export * from './state-machine';
export * from './statuses';
export * from './wire';
