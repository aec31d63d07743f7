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
  }
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
