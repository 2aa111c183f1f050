//! Your own loop's words in Chinese.

use crate::text::zh::Zh;
use crate::text::{Core, Yours, YoursLabels};
use rusty_lock_engine::yours::card::{CaseId, CaseOutcome, Leak, Verdict};
use rusty_lock_engine::yours::code_lang::CodeLang;
use rusty_lock_engine::yours::problem::CodeProblem;

pub static YOURS: YoursLabels = YoursLabels {
    yours_title: "你自己的循环",
    yours_tagline: "粘贴你的智能体循环，看它遇上每一种故障，拿到它的成绩单。",
    yours_back: "返回演练场",
    yours_editor_label: "你的智能体循环（JavaScript、TypeScript 或 Python）",
    yours_run: "运行",
    yours_stop: "停止",
    yours_card: "成绩单",
    yours_reset_code: "初始代码",
    yours_editor_missing: "代码编辑器未能获取，这里换成了普通文本框。你的代码照样运行。",
    yours_sandbox_missing: "运行你代码的沙箱未能获取。请检查网络后再按运行。",
    yours_stripper_missing: "读取 TypeScript 的部分未能获取。请检查网络后再按运行。",
    yours_provides_title: "页面提供给你代码的东西",
    yours_provides_llm: "LLM：基础 URL、模型名和一个占位密钥。真正的密钥绝不会到达你的代码。",
    yours_provides_fetch: "fetch：不管主机名是什么，都由页面自带的服务器应答，你的代码说哪种 API 它就说哪种，按路径区分：OpenAI Chat Completions（POST /chat/completions）、OpenAI Responses API（POST /responses）或 Anthropic Messages（POST /v1/messages，带 anthropic-version 请求头）。绝不会访问网络。",
    yours_provides_tools: "look_at 和 use（也在 tools 里，另有 lookAt），异步：返回结果，或抛出工具的错误。toolSchemas：它们的 JSON Schema。",
    yours_provides_time: "setTimeout、Date.now、performance.now 和 AbortSignal.timeout 都走虚拟时间：评分时等 4 秒不花时间，在场景里则按原节奏播放。",
    yours_provides_random: "Math.random 由链接给定种子，所以一次运行能原样重放。",
    yours_provides_end: "定义 runAgent(task)：页面用 TASK 调用它。它的返回值就是答案；它抛出的异常会结束运行。",
    yours_provides_terminal: "为终端写的脚本可以原样运行：readline 和 process.stdin 给出一次任务，然后输入结束；process.argv 带着任务（你的代码找 -p 时放在 -p 之后）；process.env 对密钥、URL 或模型名分别给出占位密钥、页面的服务器和它的模型；fs 读取一个小文件夹（notes.txt、README.md、data.csv）；child_process 拒绝任何命令。",
    yours_case_label: "要遇上的故障",
    yours_card_title: "成绩单",
    yours_card_hint: "每种故障都在一个全新的沙箱里、按虚拟时间对你的循环演一遍，旁边是页面自带的稳健循环。",
    yours_col_case: "故障",
    yours_col_yours: "你的循环",
    yours_col_reference: "稳健循环",
    yours_col_verdict: "评语",
    yours_open_case: "在场景中打开",
    yours_copy_link: "复制带我代码的链接",
    yours_copied: "链接已复制。打开它会显示你的代码，在按下运行之前什么都不执行。",
    yours_save_file: "保存为文件",
    yours_open_file: "打开文件",
    yours_link_damaged: "这个链接里的代码无法读取，所以显示的是初始代码。",
    yours_console_title: "你的代码输出的日志",
    yours_not_run: "还没有运行过：按“运行”观看你的循环，或按“成绩单”逐一经历每种故障。",
    yours_perfect: "满分成绩单：每种故障都由正确的层处理了。",
    yours_empty_schemas: "你的请求发送的 tools 列表是空的（toolSchemas = []）：由页面的工具 schema 代替。",
    yours_lang_label: "语言",
    yours_lang_js: "JavaScript / TypeScript",
    yours_lang_py: "Python",
    yours_no_python: "只有支持 WebAssembly JSPI 的浏览器才能在这里运行 Python：Chrome 或 Edge 137 及以上、Firefox 153 及以上、Safari 27 及以上。这个浏览器可以运行 JavaScript：在“语言”里选择它。",
    yours_python_fetch_failed: "Python 的文件未能获取。只有在联网时在这里用过一次 Python，它才能离线运行。JavaScript 不需要任何额外文件。",
    yours_python_not_started: "Python 没能在这个标签页里启动。请再按一次运行，或重新加载页面。",
    yours_python_starting: "正在启动 Python…",
    yours_py_provides_llm: "LLM：一个 dict，含 base_url、model 和 api_key（占位用的假密钥）。真正的密钥永远不会进入你的代码。",
    yours_py_provides_fetch: "urllib.request.urlopen：无论主机是什么，都由页面自己的服务器应答，按路径说你的代码所用的 API：OpenAI Chat Completions（/chat/completions）、OpenAI Responses API（/responses）或 Anthropic Messages（/v1/messages，带 anthropic-version 请求头）。HTTP 错误抛出 HTTPError（code、headers、read()），连接断开抛出 URLError，timeout= 到时抛出 TimeoutError。不会访问网络。",
    yours_py_provides_tools: "look_at(target) 和 use(item, target)（也在 TOOLS 里）：返回结果，或抛出带工具原话的 ValueError。TOOL_SCHEMAS：它们的 JSON Schema。你自己的定义优先。",
    yours_py_provides_time: "time.sleep、time.time 和 time.monotonic 使用虚拟时间：评分时 4 秒的等待不花时间，在场景里按原速播放。",
    yours_py_provides_random: "random 由链接里的种子初始化，所以每次运行都能原样重放。这里只有 Python 标准库。",
    yours_py_provides_end: "定义 run_agent(task)：页面用 TASK 调用它。它返回的就是答案；它抛出的异常会结束这次运行。",
    yours_py_provides_terminal: "为终端写的脚本可以原样运行，作为 __main__：input() 给出一次任务，然后是 EOFError；sys.argv 带着任务（你的代码找 -p 时放在 -p 之后）；os.environ 对密钥、URL 或模型名分别给出占位密钥、页面的服务器和它的模型；open() 读取一个小文件夹（notes.txt、README.md、data.csv）；subprocess 拒绝任何命令。",
};

impl Yours for Zh {
    fn yours_problem(&self, problem: &CodeProblem, code: CodeLang) -> String {
        if code == CodeLang::Python {
            if let Some(said) = python_problem(problem) {
                return said;
            }
        }
        let at = |line: &Option<u32>| line.map(|l| format!("第 {l} 行：")).unwrap_or_default();
        match problem {
            CodeProblem::Syntax { message, line, column } => format!(
                "你的代码在第 {line} 行第 {column} 列无法读取：{}。代码一行也没有运行：改好这一行再按一次。",
                message.trim_end_matches('.')
            ),
            CodeProblem::Bug { name, message, line } => {
                format!("第 {line} 行：{name}：{}。这是代码本身的错误，不是页面安排的故障。", short(message))
            }
            CodeProblem::Package { name, line } => format!(
                "{}这个页面没有任何包，所以无法导入“{}”。页面为你的代码提供的是 fetch 和工具 look_at、use。用 fetch 调用模型：fetch(`${{LLM.baseURL}}/chat/completions`, {{ method: 'POST', headers: {{ 'Content-Type': 'application/json', Authorization: `Bearer ${{LLM.apiKey}}` }}, body: JSON.stringify({{ model: LLM.model, messages, tools: toolSchemas }}) }})。",
                at(line),
                short(name)
            ),
            CodeProblem::Process { line } => format!(
                "{}这里没有 process：这个页面不是 Node。密钥用 LLM.apiKey，服务器地址用 LLM.baseURL，模型名用 LLM.model。",
                at(line)
            ),
            CodeProblem::NoAgent { found } => {
                let defined = if found.is_empty() {
                    "你的代码在最外层没有定义任何函数。".to_string()
                } else {
                    format!("你的代码定义了 {}：把运行循环的那个函数命名为 runAgent。", found.join("、"))
                };
                format!("什么也没有运行：页面要找的是名为 runAgent(task)（或 run_agent）的函数，或者最外层一个它能等待的调用（await runAgent(TASK)）。{defined}")
            }
            CodeProblem::Input { line } => {
                format!("{}prompt() 在等人输入，可这里没有人打字，所以你的循环从未到达模型。页面会用任务调用 runAgent(task)：从那里拿任务。", at(line))
            }
            CodeProblem::WebPage { name, line } => format!(
                "{}“{}”属于网页，而你的代码运行在没有页面的 worker 里：它从未到达模型。让循环和页面的 DOM 分开；它只需要 fetch 和工具。",
                at(line),
                short(name)
            ),
            CodeProblem::NoRequest { threw, line } => no_request(threw, line, "runAgent"),
        }
    }
    fn yours_python_fetching(&self, loaded: f64, total: f64) -> String {
        if total > 0.0 {
            format!("正在下载 Python（{} / {}；只有第一次需要）", megabytes(loaded), megabytes(total))
        } else {
            "正在下载 Python（只有第一次需要）…".to_string()
        }
    }
    fn yours_blocked(&self, budget_ms: u64) -> String {
        format!("你的代码在 {} 内没有交还控制权，它的沙箱已被拆除。", self.duration(budget_ms))
    }
    fn yours_too_long(&self, chars: usize, max: usize) -> String {
        format!("你的代码生成的链接有 {chars} 个字符，超过了链接能稳妥携带的 {max} 个。请改为保存成文件。")
    }
    fn yours_cost(&self, requests: u32, virtual_ms: u64) -> String {
        format!("{requests} 次请求，{}", self.duration(virtual_ms))
    }
    fn yours_card_count(&self, passed: usize, total: usize) -> String {
        format!("{total} 种故障中有 {passed} 种由正确的层处理。")
    }
    fn yours_grading(&self, done: usize, total: usize) -> String {
        format!("评分中：{done} / {total}…")
    }
    fn yours_card_page_failed(&self, failed: usize) -> String {
        format!("另有 {failed} 种页面没能运行：不算通过也不算失败。")
    }
    fn yours_at_lines(&self, lines: &[u32]) -> String {
        format!("第 {} 行", lines.iter().map(u32::to_string).collect::<Vec<_>>().join("、"))
    }
    fn yours_card_nothing_ran(&self) -> String {
        "没有成绩单：你的代码从未到达模型，所以没有故障遇到它。是什么挡住了它，上面已经说明。".into()
    }
    fn yours_card_left_out(&self, left: usize) -> String {
        let it = if left == 1 { "它" } else { "它们" };
        format!("另有 {left} 种被略过，因为{it}需要页面自己的工具。")
    }
    fn yours_own_tools(&self, own: &[String]) -> String {
        let them = if own.len() == 1 { "它" } else { "它们" };
        format!(
            "你的代码运行自己的工具（{}）：页面从未运行过{them}，所以门和回答按模型读到的工具结果来判断。",
            names(own)
        )
    }
    fn yours_page_stood_in(&self, stood_in: &[String]) -> String {
        let it = if stood_in.len() == 1 { "它" } else { "它们" };
        format!("{} 用的是页面的：你的代码用到了{it}，却没有定义{it}。", names(stood_in))
    }

    fn yours_env_read(&self, read: &[String]) -> String {
        let (key, url, model) = super::env_kinds(read);
        let mut gave = Vec::new();
        if key {
            gave.push("占位密钥（绝不是真的密钥）");
        }
        if url {
            gave.push("它自己服务器的地址");
        }
        if model {
            gave.push("它的模型名");
        }
        format!("你的代码从环境变量读取了 {}：页面用{}作答。", names(read), gave.join("、"))
    }
    fn yours_case(&self, case: CaseId) -> &'static str {
        match case {
            CaseId::Plain => "没有故障：只有生锈的锁",
            CaseId::RateLimited => "429 带 Retry-After",
            CaseId::RateLimitedLong => "要求等一小时的 429",
            CaseId::Http500 => "500 服务器错误",
            CaseId::Http502 => "502 网关错误",
            CaseId::Http503 => "503 服务不可用",
            CaseId::Jitter => "换一个种子再来一次 503",
            CaseId::Dropped => "连接中断",
            CaseId::Hang => "卡住不动的调用",
            CaseId::Slow => "很慢的应答",
            CaseId::SlowAlways => "一直很慢的应答",
            CaseId::BadRequest => "400 错误请求",
            CaseId::Unauthorized => "401 密钥错误",
            CaseId::BadJson => "参数里的 JSON 坏了",
            CaseId::UnknownTool => "不存在的工具",
            CaseId::SchemaInvalid => "不符合 schema 的参数",
            CaseId::MissingArg => "缺少参数",
            CaseId::ToolTimeout => "工具的回复丢了",
            CaseId::StopWithCalls => "说 stop 的工具调用",
            CaseId::CutAtLength => "在上限处被截断的回复",
            CaseId::Stubborn => "固执的模型",
        }
    }
    fn yours_outcome(&self, outcome: &CaseOutcome) -> String {
        match outcome {
            CaseOutcome::Answered { door_open: true } => "已回答，门开了".into(),
            CaseOutcome::Answered { door_open: false } => "已回答，门还关着".into(),
            CaseOutcome::AnsweredErrand { done: true } => "已回答，任务完成".into(),
            CaseOutcome::AnsweredErrand { done: false } => "任务未完成就回答了".into(),
            CaseOutcome::Threw { message } => format!("抛出了“{}”", short(message)),
            CaseOutcome::Stalled => "永远在等".into(),
            CaseOutcome::Blocked { budget_ms } => format!("占住页面 {}", self.duration(*budget_ms)),
            CaseOutcome::TimeLimit => "到时间上限仍在等".into(),
            CaseOutcome::TooManyRequests => "不停调用，直到被叫停".into(),
            CaseOutcome::Stopped => "已停止".into(),
            CaseOutcome::SandboxError { .. } => "没能启动".into(),
            CaseOutcome::NoAgent => "找不到可运行的 runAgent".into(),
            CaseOutcome::Unfinished => "未结束".into(),
            CaseOutcome::Harness { outcome } => self.outcome_title(outcome).to_string(),
        }
    }
    fn yours_verdict(&self, verdict: &Verdict) -> String {
        match verdict {
            Verdict::RightLayer { layer: Some(layer) } => format!("由正确的层处理：{}", self.layer_name(*layer)),
            Verdict::RightLayer { layer: None } => "没什么要处理的，并且给出了答案".into(),
            Verdict::RetriedPermanent { status } => format!("重试了 {status}"),
            Verdict::IgnoredRetryAfter { asked_ms, waited_ms } => {
                format!(
                    "无视了 Retry-After：服务器要求等 {}，实际只等了 {}",
                    self.duration(*asked_ms),
                    self.duration(*waited_ms)
                )
            }
            Verdict::NoBackoff { waited_ms } => format!("没有退避：{} 后就重试", self.duration(*waited_ms)),
            Verdict::NoRetry { .. } => "对会自己恢复的故障直接放弃".into(),
            Verdict::RetryStorm { attempts } => format!("一轮里尝试了 {attempts} 次"),
            Verdict::ShowedServerErrorToModel { status } => format!("把 {status} 给模型看了"),
            Verdict::DroppedToolCalls => "丢掉了工具调用".into(),
            Verdict::TookCutReply => "把被截断的回复当成了答案".into(),
            Verdict::WaitedForever => "永远在等：没有看门狗".into(),
            Verdict::WatchdogTooShort { cut_after_ms, answers_after_ms } => format!(
                "看门狗太短：{} 就切断了一个 {} 后会到的应答",
                self.duration(*cut_after_ms),
                self.duration(*answers_after_ms)
            ),
            Verdict::NoRetryAfterCeiling { asked_ms } => {
                format!("Retry-After 没有上限：服务器要求等 {}，它就全部等下去", self.duration(*asked_ms))
            }
            Verdict::NoJitter { waits_ms } => format!(
                "没有抖动：换一个种子，等待还是一样：{}",
                waits_ms.iter().map(|w| self.duration(*w)).collect::<Vec<_>>().join("、")
            ),
            Verdict::SpentSignal { retries } => {
                format!("用已经触发过的中止信号重试：{retries} 次重试一发出就失败了")
            }
            Verdict::LostRunOnToolError => "因为工具出错丢掉了整次运行".into(),
            Verdict::NoGuard => "没有防护：只能由页面叫停".into(),
            Verdict::LeakedToModel { leak: Leak::Key } => "把 API 密钥给模型看了".into(),
            Verdict::LeakedToModel { leak: Leak::StackTrace } => "把调用栈给模型看了".into(),
            Verdict::RetriedUnsafeTool => "工具的回复丢了，又立刻再调了一次".into(),
            Verdict::NotHandled { expected: Some(layer) } => format!("没有处理：本该由{}处理", self.layer_name(*layer)),
            Verdict::NotHandled { expected: None } => "没有得到答案".into(),
            Verdict::NeverReachedModel => "从未到达模型：没有可评分的".into(),
            Verdict::PageCouldNotRun => "页面没能运行这个用例".into(),
            Verdict::ReadErrorAsAnswer { status, error } => format!("把 {status} 错误当成了回答：以 {error} 结束"),
            Verdict::BareToolError { said } if said.trim().is_empty() => "给模型发了一个空的工具错误".into(),
            Verdict::BareToolError { said } => format!("给模型发了一个光秃秃的工具错误：“{}”", short(said)),
            Verdict::NeedsPageTools { tools } => format!("需要页面的工具：你的代码运行的是自己的 {}", names(tools)),
        }
    }
    fn yours_fix(&self, verdict: &Verdict, code: CodeLang) -> Option<String> {
        let py = code == CodeLang::Python;
        let pick = |js: &'static str, python: &'static str| if py { python } else { js };
        Some(String::from(match verdict {
            Verdict::RightLayer { .. } => return None,
            Verdict::RetriedPermanent { .. } => "400 或 401 每次都一样：立刻抛出。",
            Verdict::IgnoredRetryAfter { .. } => pick(
                "读取 retry-after-ms 或 Retry-After（res.headers.get('retry-after')），按它等待，但设一个上限。",
                "读取 retry-after-ms 或 Retry-After（HTTPError 的 e.headers.get('Retry-After')），用 time.sleep 按它等待，但设一个上限。",
            ),
            Verdict::NoBackoff { .. } => pick(
                "每次重试前都要等：在翻倍的上限下随机等待。",
                "每次重试前都要 time.sleep：random.uniform(0, 上限)，上限每次翻倍。",
            ),
            Verdict::NoRetry { .. } => pick(
                "对 429、5xx 和断开的连接重试几次，并且退避：读取 res.status，并捕获连接断开时 fetch 抛出的错误。",
                "对 429、5xx 和断开的连接重试几次，并且退避：except urllib.error.HTTPError as e: 读取 e.code；URLError 就是连接断了。",
            ),
            Verdict::RetryStorm { .. } => "限制尝试次数：三四次，然后让它抛出。",
            Verdict::ShowedServerErrorToModel { .. } => "服务器错误在你的代码里重试；模型修不了服务器。",
            Verdict::DroppedToolCalls => pick(
                "根据回复的内容决定：有 tool_calls 就执行，不管 finish_reason 怎么说。",
                "根据回复的内容决定：message.get(\"tool_calls\") 里有调用就执行，不管 finish_reason 怎么说。",
            ),
            Verdict::TookCutReply => "以 finish_reason length 结束的回复不是答案：说明这一点，不要返回它。",
            Verdict::WaitedForever => pick(
                "给每次调用一个期限（signal: AbortSignal.timeout(ms)），过期就重试。",
                "给每次调用一个期限（urlopen(request, timeout=15)），过期就重试：它会抛出 TimeoutError。",
            ),
            Verdict::WatchdogTooShort { answers_after_ms, .. } => {
                return Some(format!(
                    "这里一个正常的应答用了 {}：给每次调用的时间要长于你最慢的正常应答，只切断一直没有声音的调用。",
                    self.duration(*answers_after_ms)
                ))
            }
            Verdict::NoRetryAfterCeiling { .. } => "按 Retry-After 等待，但要有你自己的上限（比如 10 秒）：超过上限就只等上限，或者放弃并说明原因。",
            Verdict::NoJitter { .. } => pick(
                "在上限下随机等待（Math.random() * 上限），让一起失败的客户端不会一起回来。",
                "在上限下随机等待（random.uniform(0, 上限)），让一起失败的客户端不会一起回来。",
            ),
            Verdict::SpentSignal { .. } => pick(
                "每次尝试都新建一个信号（在循环里写 AbortSignal.timeout(ms)）：已经触发的信号会让每个拿到它的 fetch 失败。",
                "每次尝试都要有自己的期限：已经过期的期限会让每个拿到它的调用失败。",
            ),
            Verdict::LostRunOnToolError => pick(
                "捕获工具错误（在调用外面写 try/catch），把消息作为工具结果发回去。",
                "捕获工具错误（在调用外面写 except Exception as e:），把那句话作为工具结果发回去。",
            ),
            Verdict::NoGuard => "连续几次工具出错，或同一调用出现两次，就停下来交给人。",
            Verdict::LeakedToModel { .. } => "细节写进你自己的日志；给模型的只有一句话，绝不带密钥或调用栈。",
            Verdict::RetriedUnsafeTool => "回复丢失前工具可能已经执行了：把错误交给模型，让它先看一看。",
            Verdict::NotHandled { .. } => "在场景中打开这个用例，和稳健循环对比。",
            Verdict::NeedsPageTools { .. } => pick(
                "不算通过也不算失败：这种故障发生在页面的工具里。要遇到它，就让页面的工具顶上：删掉你自己的同名函数，或在 tools 里指向页面的（use: globalThis.use）。",
                "不算通过也不算失败：这种故障发生在页面的工具里。要遇到它，就让页面的工具顶上：删掉你自己的同名 def，或指向页面的（\"use\": TOOLS[\"use\"]）。",
            ),
            Verdict::NeverReachedModel => "不算通过也不算失败：先修好挡住代码的问题（成绩单上方已说明），再评一次。",
            Verdict::PageCouldNotRun => "不算通过也不算失败：页面的沙箱在这个用例上失败了两次，这和你的代码无关。再按一次成绩单。",
            Verdict::ReadErrorAsAnswer { .. } => pick(
                "读回复之前先检查状态：if (!res.ok)，错误的正文里没有 choices；429 或 5xx 重试，400 或 401 抛出。",
                "读回复之前先检查状态：urlopen 会抛出 urllib.error.HTTPError（e.code），用 requests 时调用 raise_for_status()；429 或 5xx 重试，400 或 401 抛出。",
            ),
            Verdict::BareToolError { .. } => pick(
                "为模型写工具错误：说清哪里错了、该怎么做（“没有名为 open_door 的工具；可用的工具是 look_at 和 use”），而不只是一个名字。",
                "为模型写工具错误：说清哪里错了、该怎么做（“没有名为 open_door 的工具；可用的工具是 look_at 和 use”）。KeyError 的 str(e) 只是那个键。",
            ),
        }))
    }
}

/// A run that ended before its first request: what it did instead, and where to look.
fn no_request(threw: &Option<String>, line: &Option<u32>, agent: &str) -> String {
    let at = line.map(|l| format!("在第 {l} 行")).unwrap_or_default();
    match threw {
        Some(message) => format!("你的代码{at}因“{}”停下，还没向模型发出任何请求，所以没有故障能到达它。在它调用模型之前，什么都不评分。", short(message)),
        None => format!("你的代码没有向模型发出任何请求就结束了，所以没有故障能到达它。{agent}(task) 必须调用模型（用页面给的 base URL），才有东西可以评分。"),
    }
}

/// Tool names as a sentence lists them: `use`, `use、look_at`.
fn names(list: &[String]) -> String {
    list.join("、")
}

/// The first line of a message, cut short for a table cell.
fn short(text: &str) -> String {
    crate::text::short_text(text.lines().next().unwrap_or_default(), 60)
}

/// The starting code's words in this language, one per `⟦n⟧` of `src/text/loop/loop.js`: its
/// comments, and the lines whose sentences the model or the learner reads.
pub const LOOP: [&str; 18] = [
    r#"// 你的智能体循环，用 JavaScript 写（TypeScript 可以原样粘贴）。
// 页面提供：LLM（请求发往何处）、fetch（由页面自带的测试服务器应答）、
// 工具 look_at 和 use 及其 toolSchemas，还有一个虚拟时钟：评分时等 4 秒不花时间。
// “运行”在场景中播放一次运行；“成绩单”逐一经历每种故障。"#,
    r#"// 每次调用模型的尝试次数，含第一次"#,
    r#"// 第一次等待的上限，之后每次翻倍"#,
    r#"// 任何一次等待都不超过这个值"#,
    r#"// 我们愿意遵守的最长 Retry-After"#,
    r#"// 看门狗：沉默超过这个时长的调用会被切断"#,
    r#"// 第 1 层，模型的服务器。重试那些往往会自己恢复的（429、5xx、完全没有应答），
// 绝不重试每次都一样的（400、401）。"#,
    r#"      // 没有应答：连接断了，或看门狗切断了卡住的调用。"#,
    r#"    if (!passes) throw new Error(`模型服务器拒绝了请求（${status}），再发一次也没用`);
    if (attempt === MAX_ATTEMPTS) throw new Error(`尝试 ${attempt} 次后模型服务器仍然失败（${status || '没有应答'}）`);"#,
    r#"// 服务器可能会说要等多久；否则在一个翻倍的上限下随机等待（full jitter），
// 这样客户端不会同时回来。"#,
    r#"// 第 2 层，工具。任何出错都变成模型能读懂并照做的一句话。
// 细节（调用栈、路径）写进你的日志，不给模型。"#,
    r#"    return { output: `Error: 没有名为 ${name} 的工具。可用的工具是 ${Object.keys(tools).join(' 和 ')}。`, isError: true };"#,
    r#"    return { output: `Error: ${name} 的参数不是有效的 JSON。请重新发送一个 JSON 对象。`, isError: true };"#,
    r#"// 循环本身。它根据回复的内容作决定，而不只看 finish_reason；
// 原地打转时就交给人。其余的一律让它抛出。"#,
    r#"      if (choice.finish_reason === 'length') throw new Error('回复在 token 上限处被截断了：半个回答不是回答');"#,
    r#"    if (asked === lastCalls) return `我卡住了：模型两次要求同样的事（${asked}）。交给你了。`;"#,
    r#"    if (errorsInARow >= MAX_ERRORS_IN_A_ROW) return `连续 ${errorsInARow} 次工具出错，我卡住了。交给你了。`;"#,
    r#"  return `${MAX_TURNS} 轮之后仍没有答案。交给你了。`;"#,
];

/// The mistakes whose fix is written differently in Python (a package, a key from the
/// environment, no `run_agent`); the others are said as for JavaScript.
fn python_problem(problem: &CodeProblem) -> Option<String> {
    let at = |line: &Option<u32>| line.map(|l| format!("第 {l} 行：")).unwrap_or_default();
    Some(match problem {
        CodeProblem::Package { name, line } => format!("{}这里除了 Python 标准库没有任何包，所以无法导入“{}”。用 urllib.request 调用模型：urlopen(Request(LLM[\"base_url\"] + \"/chat/completions\", data=json.dumps({{\"model\": LLM[\"model\"], \"messages\": messages, \"tools\": TOOL_SCHEMAS}}).encode(), headers={{\"Content-Type\": \"application/json\", \"Authorization\": \"Bearer \" + LLM[\"api_key\"]}}), timeout=15)。", at(line), short(name)),
        CodeProblem::Input { line } => format!("{}还没调用过模型就再次要求 input()。在这里，第一次 input() 得到任务（TASK），就像有人输入了它，下一次则遇到输入结束（EOFError）。只读一次任务，或者把它作为 run_agent(task) 的参数。", at(line)),
        CodeProblem::NoRequest { threw, line } => no_request(threw, line, "run_agent"),
        CodeProblem::Process { line } => format!("{}这里没有可以读取密钥的环境变量。密钥用 LLM[\"api_key\"]，服务器地址用 LLM[\"base_url\"]，模型名用 LLM[\"model\"]。", at(line)),
        CodeProblem::NoAgent { found } => {
            let defined = if found.is_empty() {
                "你的代码在最外层没有定义任何函数。".to_string()
            } else {
                format!("你的代码定义了 {}：把运行循环的那个函数命名为 run_agent。", found.join("、"))
            };
            format!("什么也没有运行：页面要找的是名为 run_agent(task) 的函数，或者最外层的一个调用（run_agent(TASK)）。{}", defined)
        }
        _ => return None,
    })
}

/// Bytes as megabytes, one decimal.
fn megabytes(bytes: f64) -> String {
    format!("{:.1} MB", bytes / 1_000_000.0)
}
