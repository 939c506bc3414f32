/** A supertest parser that keeps a response's bytes as one Buffer (images, PDFs): `.buffer(true).parse(binaryBody as never)`. */
export const binaryBody = (res: NodeJS.ReadableStream, done: (error: null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};
