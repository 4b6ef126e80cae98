/**
 * The words of a program agent's command (`--agents "exec:python3 my_agent.py --greedy"`), split as a POSIX shell
 * splits a simple command: blanks separate words, 'single quotes' keep everything, "double quotes" keep everything
 * but \" and \\, a backslash outside quotes keeps the next character. No shell runs: no variables, globs, pipes or
 * redirections (a word holding one is passed on as it is), so the program is started exactly as written.
 */
import { InputError } from '../../util/errors.js';

export function commandWords(command: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (c === ' ' || c === '\t' || c === '\n') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      continue;
    }
    inWord = true;
    if (c === "'") {
      const end = command.indexOf("'", i + 1);
      if (end < 0) throw new InputError(`exec:${command}: a single quote is not closed`);
      word += command.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < command.length && command[j] !== '"'; j++) {
        if (command[j] === '\\' && (command[j + 1] === '"' || command[j + 1] === '\\')) j++;
        word += command[j];
      }
      if (j >= command.length) throw new InputError(`exec:${command}: a double quote is not closed`);
      i = j;
    } else if (c === '\\' && i + 1 < command.length) {
      word += command[++i];
    } else {
      word += c;
    }
  }
  if (inWord) words.push(word);
  if (words.length === 0) throw new InputError('exec: names no program (write --agents "exec:python3 my_agent.py")');
  return words;
}
