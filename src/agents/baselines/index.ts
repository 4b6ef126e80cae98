/** The LLM baselines of ExRAP's comparison (paper 000, appendix C.1): ZSP, SayCan, ProgPrompt, LLM-Planner. */
export * from './base.js';
export * from './llm-planner.js';
export * from './progprompt/agent.js';
export * from './progprompt/grammar.js';
export * from './saycan.js';
export * from './zsp.js';
