/** openapi-fuzzer-core ships no types: the one function the fuzzer calls. */
declare module "openapi-fuzzer-core" {
  const fuzzer: { swagger(document: object): unknown[] };
  export default fuzzer;
}
