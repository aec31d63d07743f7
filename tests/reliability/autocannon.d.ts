/** The part of autocannon's API the load test uses (the package ships no types). */
declare module 'autocannon' {
  interface Stat {
    average: number;
    total: number;
  }
  interface Result {
    requests: Stat;
    latency: Record<string, number>;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    requests?: Record<string, unknown>[];
    /** Called once per connection with autocannon's client object, before it connects. */
    setupClient?: (client: any) => void;
  }
  /** The run: a promise of the result that also emits 'reqError' (errors and timeouts, as they happen). */
  interface Instance extends PromiseLike<Result> {
    on(event: 'reqError', listener: (err: Error) => void): Instance;
  }
  function autocannon(opts: Options): Instance;
  export default autocannon;
}
