import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
const t0=Date.now();
const z = new ZxcvbnFactory({ dictionary: { ...common.dictionary, ...en.dictionary }, graphs: common.adjacencyGraphs, translations: en.translations });
console.log('init', Date.now()-t0);
const ui=['owner@example.com','owner','example','harbour lights','harbour','lights','harbourlights'];
for (const p of ['password','12345678','Password1!','correct-horse-9','taken-over-1','a-new-password','env-password-1','original-pass-1','owner-pass-1','wrong-one-1','Harbour Lights123','harbourlights123','HarbourLights2024!','velvet tractor oyster lamp','qwertyuiop','iloveyou123','abcdefgh','aaaaaaaaaaaa','P@ssw0rd','monkey123','correct','correcthorse','correct horse','xkcd-Ra7', 'Tr0ub4dor&3','a'.repeat(128)]) {
  const t=performance.now(); const r = z.check(p, ui);
  console.log(p.slice(0,30), r.score, r.guessesLog10.toFixed(1), JSON.stringify(r.feedback), (performance.now()-t).toFixed(1));
}
