// Server-only reads for page loaders: the same queries the JSON API uses.
export { latestSamples, listSamples } from '#server/samples/queries.ts';
