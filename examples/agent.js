#!/usr/bin/env node
// A small agent for the Andean Abyss engine in JavaScript (node 18+, no packages):
//
//     andean demo --agent FARC='node examples/agent.js'
//
// It speaks the JSON-lines protocol of docs/agents.md on stdin/stdout. Its play is
// simple: at the start of a decision it takes a full Operation when one is offered (an
// Event otherwise, a Limited Operation next), and any other question it answers at
// random (a seeded generator: node examples/agent.js SEED plays the same way again).

"use strict";
const readline = require("readline");

// mulberry32: a tiny seeded random generator (Math.random cannot be seeded)
let seed = Number(process.argv[2] || 1) >>> 0;
function random() {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (list) => list[Math.floor(random() * list.length)];

function send(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

// The option whose value is [kind, ...] (the decision menu's values), or undefined.
function menuOption(options, kind, limited) {
  return options.find((o) => Array.isArray(o.value) && o.value[0] === kind &&
    (limited === undefined || o.value[1] === limited));
}

function answer(q) {
  const ids = q.options.map((o) => o.id);
  if (q.kind === "one") {
    if (q.first) {
      const choice = menuOption(q.options, "operation", false) ||
        menuOption(q.options, "event") || menuOption(q.options, "operation", true);
      if (choice) return choice.id;
    }
    return pick(ids);
  }
  // "many": a random number of ids from min to max
  const count = q.min + Math.floor(random() * (q.max - q.min + 1));
  if (q.repeat) return Array.from({ length: count }, () => pick(ids));
  const shuffled = ids.slice();
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
  }
  return shuffled.slice(0, count);
}

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => {
  if (!line.trim()) return;
  const message = JSON.parse(line);
  switch (message.type) {
    case "hello":
      if (message.version !== 1) {
        process.stderr.write(`agent.js: protocol version ${message.version} unknown\n`);
        process.exit(1);
      }
      send({ type: "ready", name: "agent.js" });
      break;
    case "question":
      send({ type: "answer", id: message.id, answer: answer(message) });
      break;
    case "end":
      process.stderr.write(`agent.js: game over: ${message.reason}\n`);
      process.exit(0);
      break;
    case "bye":
      process.exit(0);
      break;
    default: // trace: what happened
      break;
  }
});
