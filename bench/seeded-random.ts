/** The seeded generator of the library (src/model/seeded-random.ts), for bench data and fixtures. */
export { seededRandom } from '../src/model/seeded-random';
