//! Chinese (Simplified). Terms follow the Chinese lesson on errors in the agent loop; see
//! `glossary-zh.md` beside this file.

use super::*;
use rusty_lock_engine::run::builtin::Personality;
use rusty_lock_engine::run::chaos::{Fault, RATE_LIMIT_RETRY_AFTER_MS, SLOW_MS};
use rusty_lock_engine::run::config::Guards;
use rusty_lock_engine::run::connection::{Diagnosis, NotOpenAi, Preset};
use rusty_lock_engine::run::error_text::{ErrorText, Secret};
use rusty_lock_engine::run::events::{
    Ending, Event, FailReason, FinalBecause, Guard, GuardDetail, Layer, Outcome, Quirk,
};
use rusty_lock_engine::run::provider::{BodyProblem, CallFailure, WaitReason};
use rusty_lock_engine::run::tools::ToolErrorKind;
use rusty_lock_engine::show::lessons::LessonId;
use rusty_lock_engine::show::listing::Note;
use rusty_lock_engine::show::own_lesson::{MAX_TEXT_CHARS, MAX_TITLE_CHARS};
use rusty_lock_engine::show::scenario::{FaultProblem, Problem, Setting, SPEEDS};
use rusty_lock_engine::show::trace::{Damage, TraceError, MAX_TRACE_BYTES, TRACE_FORMAT, TRACE_VERSION};
use rusty_lock_engine::show::verdict::Said;
use rusty_lock_engine::show::view::BoardKind;

/// The decimal sign of the engine's numbers in fixed words ([`numbers`]). Chinese writes a decimal point: `0.5 秒`.
const SIGN: &str = ".";

/// Chinese: fetched as a lazy part when chosen.
pub struct Zh;

pub static CORE: CoreLabels = CoreLabels {
    compare_short: "天真 vs 稳健",
    file_unreadable: "无法读取这个文件。",
    page_title: "Rusty Lock：智能体循环里的每个失败，由谁来处理？",
    page_description:
        "一个浏览器里的练习场：真实的智能体循环去打开神殿的门，你故意让它出错，看每个失败由哪一层来处理。",
    language: "语言",
    title: "Rusty Lock",
    tagline: "故意把智能体循环弄坏，看看每一次失败由谁来处理。",
    run: "运行",
    stop: "停止",
    speed: "速度",
    faults: "故障",
    faults_hint: "打开一个故障，选好它在第几轮发生，再点“运行”。运行过程中也可以随时开关。",
    log: "事件日志",
    log_empty: "点“运行”，启动智能体。",
    turn: "轮次",
    on_turn: "轮次",
    times: "×",
    fatal: "Rusty Lock 遇到了一个无法恢复的 bug。请重新加载：场景保存在地址里，会原样恢复。",
    fatal_reload: "重新加载",
    handled_by: "处理者",
    layer_row: "每次失败由谁处理",
    open_faults: "故障",
    close_faults: "关闭故障面板",
    start_here: "第一次来？从第 1 课开始 →",
    start_here_hint: join!(
        whole!(rusty_lock_engine::show::lessons::LESSONS.len() as u64),
        " 次简短的运行：先猜每次失败由哪一层处理，再亲眼看它发生。"
    ),
    door: "门：",
    lock: "锁：",
    running: "运行中…",
    running_hint: "“停止”会立刻结束运行；“暂停”会停在当前这一步。",
    replaying: "重播中…",
    replaying_hint: "“停止”会结束重播；“暂停”会停在当前这一步。",
    ready: "就绪",
    speed_labels: ["0.25×", "0.5×", "1×", "2×", "4×", "瞬间"],
    link_notice_title: "这个链接中有一部分被忽略了：",
    dismiss: "知道了",
    part_missing: "页面的这一部分没能加载。请检查网络连接，然后刷新页面。",
    engine_part_missing: "循环本身没能加载，所以运行没有开始。请检查网络连接，再点一次“运行”。",
    replay_part_missing: "循环没能加载，所以记录没有播放。请检查网络连接，再打开一次文件。",
    lessons: "课程",
    open_full: "在完整版演练场中打开 ↗",
    show_settings: "设置",
    pause_at_failure: "在第一次失败时暂停",
    who_answers: "由谁来回答",
    builtin: "内置模型",
    real_endpoint: "真实端点",
    scene: "冒险",
    scene_robust: "稳健的循环：能接住的都接住",
    scene_idle: "主角就是循环，先知就是模型，那扇生锈的门就是工具所操作的房间。",
    hero: "循环",
    oracle: "模型",
    the_room: "房间",
    asks_for_a_tool: "请求工具",
    final_answer: "最终答案",
    final_answer_text: "门开了。",
    final_answer_shut: "门还关着。",
    answered_door_shut: "循环把这条回复当成最终答案，可门还关着。",
    tool_error_back: "错误：送回模型",
    tool_error_thrown: "错误：抛出，无人接住",
    tool_worked: "结果：写进历史",
    caught_by_code: "你的代码会重试",
    nobody_can_fix: "谁也修不好",
    villain: "没人接住",
    guard_sign: "护栏",
    stopped_sign: "已停止",
    handed_over: "转交给人",
    turns_left_label: "剩余轮次",
    resent: "每轮重新发送",
    resent_empty: "每轮一根柱子，一根比一根高：整段历史每次都要重新发送。",
    resent_nothing: "还没有发送任何内容。",
    play: "播放",
    pause: "暂停",
    replay: "重播",
    step_back: "后退一步",
    step_forward: "前进一步",
    first_step: "第一步",
    last_step: "最新一步",
    timeline: "本次运行各步骤的时间线",
    skip_to_player: "跳到播放器",
    yours_link: "你自己的循环",
    player: "播放器",
    keys_hint: "快捷键：空格 运行、播放或暂停，\u{2190} \u{2192} 单步，Home，End，T 逐步讲解",
    keys_hint_narrate: "翻页器：PageDown 下一段，\u{2192} 或空格 一步 \u{b7} PageUp 或 \u{2190} 上一步 \u{b7} F 下一个故障 \u{b7} End 结果 \u{b7} T 定时",
    compare: "对比：天真的循环 vs 稳健的循环",
    stuck: "卡住了",
    stuck_detail: "一直在等一个永远不会来的回复：天真的循环没有看门狗。",
    still_going: "仍在进行",
    looking_back: "回看中",
};

pub static BELOW: BelowLabels = BelowLabels {
    model: "模型",
    guards: "护栏",
    retry: "重试策略（你的代码）",
    seed: "随机种子",
    board: "是谁处理的？",
    history: "消息历史（每一轮都完整地重新发送）",
    off_when_zero: "0 = 关闭",
    max_turns: "最大轮次",
    max_errors: "连续错误上限",
    watchdog: "看门狗（毫秒）",
    repeat_guard: "同一调用出现两次就停止",
    max_attempts: "总尝试次数",
    no_retry_hint: "1 = 不重试",
    base_delay: "首次等待（毫秒）",
    max_delay: "最长等待（毫秒）",
    retry_after_cap: "Retry-After 上限（毫秒）",
    jitter: "抖动（随机等待）",
    retry_everything: "所有失败都重试，连 400 和 401 也不放过（错误的一派）",
    lost_reply: "工具回复丢失时",
    lost_reply_tell: "告诉模型先检查（正确的一派）",
    lost_reply_retry: "重新调用工具（错误的一派）",
    share_link: "本场景的链接",
    copy_link: "复制链接",
    copied: "已复制",
    export_trace: "保存运行记录",
    import_trace: "打开运行记录…",
    save_failed: "浏览器没有保存这个文件。",
    trace_part_missing: "运行记录工具没能加载。请检查网络连接后重试。",
    update_ready: "新版本已就绪——",
    update_reload: "刷新",
    code_panel: "代码里的循环",
    code_hint: "高亮的那一行，就是循环在屏幕上这一步正在做的事。",
    no_line: "稳健的循环里没有对应的这一行：它本来会接住这次失败。",
    herd_link: "看看一千个客户端都这样重试会怎样",
    preview_title: "这些设置会等多久",
    preview_no_retry: "只尝试一次：不重试，所以也不用等待。",
    make_lesson: "用这个场景制作一节课",
    replay_label: "正在重播一份录下的记录",
    replay_note: "没有向任何模型发送请求。“运行”会按页面上的设置运行。",
    error_text: "工具失败时模型读到什么",
};

pub static LESSONS: LessonsLabels = LessonsLabels {
    start_workshop: "开始工作坊（全部课程，演示模式）",
    not_in_plan: "不在今天的计划里",
    free_play: "自由练习（不选课程）",
    right: "答对了。",
    not_quite: "不太对。",
    prev_lesson: "← 上一课",
    next_lesson: "下一课 →",
    question: "这次失败会由哪一层来处理？",
    agenda_entry: "工作坊议程和讲义",
    show_me: "直接看答案",
    answer_keys: "快捷键：按 1、2、3 作答，按 S 不作答直接看答案，按空格运行或暂停。",
    answer_keys_narrate: "快捷键：按 1、2、3 作答；按 PageDown 或 S 不作答直接看，一次一步。",
    own_badge: "教师自编的课",
    own_untitled: "关于这个场景的一课",
    own_note: "这些文字由制作此链接的人所写，不是 Rusty Lock 写的。",
    own_takeaway: "要点：",
    form_title: "标题（可选）",
    form_question: "问题（可选；不填则使用标准问题）",
    form_expect: "答案：这次运行由哪一层处理？",
    form_takeaway: "要点，运行结束后显示（可选）",
    form_hint: join!(
        "文字一律按纯文本保存，每项最多 ",
        whole!(MAX_TEXT_CHARS as u64),
        " 个字符（标题最多 ",
        whole!(MAX_TITLE_CHARS as u64),
        " 个）。"
    ),
    form_choose: "选择处理这次运行的那一层，链接就会出现。",
    form_link: "这节课的链接",
    form_open: "打开这节课",
    form_agenda: "加入议程",
    form_agenda_link: "包含这节课的议程链接",
    form_agenda_open: "打开议程",
};

pub static KIT: KitLabels = KitLabels {
    agenda_title: "工作坊议程",
    handout_title: "Rusty Lock：每次失败由谁处理？",
    print_handout: "打印讲义",
    show_answers: "显示答案",
    back_to_playground: "← 返回演练场",
    start_in_presenter: "开始演示",
    print_hint: "讲义可以用 A4 或 Letter 纸打印，每节课占一页。沿虚线把纸折起来，就能挡住答案。",
    fold_here: "沿此线折叠",
    answer: "答案：",
    open_on_phone: "在手机上打开",
    phone_title: "扫码在手机上打开这个场景",
    phone_serve_hint: "要在同一网络里的手机上打开，请用下面的命令在网络上提供这个页面，再打开它显示的地址：",
    codes_serve_hint:
        "要让教室里的手机打开它们，请用下面的命令在网络上提供这个页面，再从它显示的地址打开议程，并从那里打印讲义：",
    close: "关闭",
    own_mark: "教师自编的课",
    own_goal: "由教师编写，基于自己设定的场景。",
    plan_title: "你的安排",
    plan_hint:
        "保留适合本次课时的课程和练习，并按你想要的顺序排列：投影页面、翻页笔、演示者视图和讲义都按这个安排进行。",
    plan_ready: "现成的安排：",
    in_plan: "列入安排",
    move_up: "提前",
    move_down: "延后",
    left_out_title: "未列入安排",
    end_workshop: "结束工作坊 →",
    closing_title: "工作坊到此结束",
    closing_intro: "每一次故障都有一层来处理：模型、你的代码，或者没有人。下面是每节课留给我们的要点。",
    closing_takeaways: "我们看到了什么",
    closing_exercises: "在你自己的循环上试一试",
    closing_none: "这个安排里没有练习：可以在议程页面加入。",
    closing_back: "← 上一课",
    open_agenda: "议程与讲义",
};

pub static HERD: HerdLabels = HerdLabels {
    herd_title: "惊群",
    herd_tagline: "一大群客户端，一台刚恢复的服务器：看看每种重试策略会怎样对待它。",
    herd_back: "返回演练场",
    herd_settings: "客户端群和服务器",
    herd_clients: "客户端数量",
    herd_down: "服务器宕机时长（毫秒）",
    herd_capacity: "每个时间片处理的调用数",
    herd_highlight: "置顶显示",
    herd_highlight_none: "无",
    herd_slots_title: "每个时间片到达服务器的调用数",
    herd_computing: "正在计算惊群…",
    herd_calls_title: "调用总数（服务器的工作量）",
    herd_done_title: "直到最后一个客户端成功所用的时间",
    herd_table_title: "数据",
    herd_col_policy: "策略",
    herd_col_calls: "调用数",
    herd_col_done: "最后一次成功",
    herd_col_gave_up: "放弃数",
    herd_lost_key: "带斜线的条：这个策略丢了客户端。它们放弃了，始终没有成功，所以它的时间短、调用少都不算赢。",
    herd_explanation: "没有抖动时，同一时刻失败的客户端会等同样长的时间，再在同一时刻一起回来。于是每一波都撞上一台只接得住其中少数几个的服务器，其余的又一起失败。在同样的上限内随机挑选等待时间，就能把这群客户端分散到整段等待里：浪费的调用更少，最后一个客户端也快得多。立刻再调用虽然也能早点结束，代价却是让服务器干最多的活。",
};

pub static VERDICT: VerdictLabels = VerdictLabels {
    verdict: "韧性评估：你的设置起了什么作用",
    verdict_nothing: "模型的服务器没有出过任何故障，所以没有可评估的重试策略。打开一个服务器故障，再运行一次吧。",
    strip_key_ceiling: "上限",
    strip_key_tick: "选中的等待时间",
    strip_key_asked: "Retry-After",
};

pub static ENDPOINT: EndpointLabels = EndpointLabels {
    preset: "预设",
    base_url: "Base URL",
    model_name: "模型名称",
    api_key: "API 密钥",
    key_set: "已设置密钥（输入新密钥即可替换）",
    key_optional: "本地服务器可不填",
    remember_key: "在此设备上记住",
    forget_key: "清除密钥",
    stream: "流式接收回复",
    stream_faults: "流式故障：流中断、被截短或停滞时，你的代码会重试；数据块格式错误则不会重试（同一台服务器还会再发一样的）。不完整的回复绝不会被当成完整的。",
    test_connection: "测试连接",
    connected_no_models: "已连接，但服务器没有列出任何模型。",
    testing: "正在测试…",
    pick_model: "选一个作为模型名称：",
    run_needs_model: "运行前需要填写模型名称（在“由谁来回答”里）。",
    streaming: "先知正在回答：",
    diagnosis_title: "无法从这个端点读到任何回复",
    diag_public_to_local: "这个页面来自公网地址，却要调用你本机上的服务器，浏览器会限制这种请求。请在本地运行演练场（./scripts/serve.sh），或者使用 https 端点。",
    diag_layer_point: "请注意这里的教学要点：在代码看来，被 CORS 拦截和连接中断毫无区别，所以它被当作连接中断重试了。这是唯一一种你的代码无法判断该归哪一层处理的失败。",
};

pub static COMPARE: CompareLabels = CompareLabels {
    naive_loop: "天真的循环",
    robust_loop: "稳健的循环",
    catch_missing: "这里没有捕获",
    catch_made: "在这里捕获",
    scene_naive: "天真的循环：不接错误，也不重试",
    compare_hint: "以前的冒险游戏有两种做法：一种是走错就“游戏结束”，另一种会说明哪里行不通，让你换个办法。点“运行”，用天真的循环和稳健的循环同步跑同一个场景，故障和随机种子都一样。",
    compare_builtin_only: "对比模式使用内置模型，这样两个循环收到的回答完全相同。",
};

impl Core for Zh {
    fn language_missing(&self, lang: Lang) -> String {
        let name = match lang {
            Lang::En => "英文",
            Lang::Fr => "法文",
            Lang::Zh => "中文",
        };
        format!("无法获取{name}文本，页面保持原样。请检查网络连接后再选一次。")
    }

    fn more_characters(&self, n: usize) -> String {
        format!("……（还有 {n} 个字符）")
    }

    fn layer_name(&self, layer: Layer) -> &'static str {
        match layer {
            Layer::Model => "模型",
            Layer::Code => "你的代码",
            Layer::Nobody => "谁都不管",
        }
    }

    fn layer_short_rule(&self, layer: Layer) -> &'static str {
        match layer {
            Layer::Model => "把错误当作工具结果读，换个办法再试",
            Layer::Code => "按退避策略重试，或由护栏出手；模型毫不知情",
            Layer::Nobody => "重试也没用：运行结束，给出清楚的错误",
        }
    }

    fn handled_count(&self, n: usize) -> String {
        match n {
            0 => "还没有处理过任何失败".into(),
            n => format!("已处理 {n} 次失败"),
        }
    }

    fn fault_name(&self, f: Fault) -> &'static str {
        match f {
            Fault::RateLimited => "429 请求过多",
            Fault::Http500 => "500 服务器内部错误",
            Fault::Http502 => "502 网关错误",
            Fault::Http503 => "503 服务不可用",
            Fault::Dropped => "连接中断",
            Fault::Unauthorized => "401 API 密钥错误",
            Fault::BadRequest => "400 请求有误",
            Fault::Hang => "卡死（永远不回复）",
            Fault::Slow => join!("回复变慢（+", seconds_in!(SLOW_MS, SIGN), " 秒）"),
            Fault::BadJson => "参数 JSON 损坏",
            Fault::UnknownTool => "编造的工具名",
            Fault::SchemaInvalid => "参数不符合 schema",
            Fault::MissingArg => "缺少必填参数",
            Fault::HarnessBug => "harness 里的 bug",
            Fault::ToolTimeout => "工具执行后回复丢失",
            Fault::StopWithCalls => "工具调用被标为 stop",
            Fault::CutAtLength => "回复在令牌上限处被截断",
        }
    }

    fn fault_group_name(&self, group: rusty_lock_engine::run::chaos::FaultGroup) -> &'static str {
        match group {
            rusty_lock_engine::run::chaos::FaultGroup::Server => "模型的服务器",
            rusty_lock_engine::run::chaos::FaultGroup::Model => "模型的输出",
            rusty_lock_engine::run::chaos::FaultGroup::Harness => "你的 harness",
            rusty_lock_engine::run::chaos::FaultGroup::Tool => "工具",
        }
    }

    fn failure_name(&self, f: &CallFailure) -> String {
        match f {
            CallFailure::Http { status } => format!("HTTP {status}"),
            CallFailure::Network => "连接中断".into(),
            CallFailure::Timeout => "超时".into(),
            CallFailure::BadBody { reason } => format!("回复无法读取：{}", self.body_problem(reason)),
        }
    }

    fn body_problem(&self, problem: &BodyProblem) -> String {
        match problem {
            BodyProblem::Html => "服务器返回的是一个 HTML 页面，而不是补全结果。".into(),
            BodyProblem::NotJson { detail } => format!("响应体不是 JSON（{}）。", short_text(detail, 120)),
            BodyProblem::NotACompletion { detail } => {
                format!("响应体是 JSON，但不是聊天补全（{}）。", short_text(detail, 120))
            }
            BodyProblem::NoChoices => "补全结果里没有任何 choices。".into(),
            BodyProblem::NotAssistant => "第一个 choice 不是 assistant 消息。".into(),
            BodyProblem::ToolCallsMissing => "finish_reason 写的是 tool_calls，却没有附带任何工具调用。".into(),
            BodyProblem::TooBig { bytes, limit_mb } => {
                format!("响应体有 {bytes} 字节，超出了补全结果 {limit_mb} MB 的上限。")
            }
            BodyProblem::StreamTooBig { limit_mb } => format!("流式响应超出了 {limit_mb} MB 的上限。"),
            BodyProblem::NotUtf8 => "流中有一行不是有效的 UTF-8。".into(),
            BodyProblem::ChunkNotJson { detail } => {
                format!("流中有一个 data 行不是 JSON（{}）。", short_text(detail, 120))
            }
            BodyProblem::NotAChunk { detail } => {
                format!("流中有一个 data 行不是补全数据块（{}）。", short_text(detail, 120))
            }
            BodyProblem::ErrorMidStream { message } if message.is_empty() => {
                "服务器在流传输中途报告了错误，但没有附带说明。".into()
            }
            BodyProblem::ErrorMidStream { message } => {
                format!("服务器在流传输中途报告了错误：{}", short_text(message, 200))
            }
            BodyProblem::CallWithoutName { index } => format!("第 {index} 个工具调用没有名称。"),
            BodyProblem::BadAddress => "端点地址不是有效的 URL。".into(),
            BodyProblem::RequestNotWritten => "请求无法写成 JSON。".into(),
            BodyProblem::NoModelList => "返回的内容不是模型列表。".into(),
            // Recorded before reasons were data, in the words of the language it was recorded in.
            // Recorded in English, as a clause in lower case, before reasons were data.
            BodyProblem::Recorded { text } => capitalised(&short_text(text, 200)),
        }
    }

    fn tool_error_name(&self, k: ToolErrorKind) -> &'static str {
        match k {
            ToolErrorKind::UnknownTool => "未知工具",
            ToolErrorKind::BadJson => "JSON 损坏",
            ToolErrorKind::SchemaInvalid => "参数不符合 schema",
            ToolErrorKind::ToolFailed => "工具拒绝执行",
            ToolErrorKind::ReplyLost => "回复丢失，工具可能已执行",
        }
    }

    fn guard_name(&self, g: Guard) -> &'static str {
        match g {
            Guard::MaxTurns => "轮次预算用完了",
            Guard::ErrorsInARow => "连续工具错误太多",
            Guard::RepeatedCall => "同一个调用出现了两次",
            Guard::Watchdog => "看门狗切断了一个没有回音的调用",
        }
    }

    fn outcome_title(&self, o: &Outcome) -> &'static str {
        match o {
            Outcome::Failed { reason: FailReason::NotAnAnswer { finish_reason } } if finish_reason == "length" => {
                "回复被截断"
            }
            Outcome::Failed { reason: FailReason::NotAnAnswer { .. } } => "没有答案",
            other => self.ending_title(other.ending()),
        }
    }

    fn ending_title(&self, e: Ending) -> &'static str {
        match e {
            Ending::Answered => "已作答",
            Ending::Escalated => "已移交给人",
            Ending::GaveUp => "已放弃",
            Ending::Failed => "失败",
            Ending::Cancelled => "已停止",
        }
    }

    fn outcome_detail(&self, o: &Outcome) -> String {
        match o {
            Outcome::Answered { text } => clip(text).into_owned(),
            Outcome::Escalated { message } => clip(message).into_owned(),
            Outcome::GaveUp { guard } => format!("护栏叫停了这次运行：{}。", self.guard_name(*guard)),
            Outcome::Failed { reason } => match reason {
                FailReason::Fatal { failure } => {
                    format!("这个失败（{}）谁也修不好：重试只是把同样的请求原样再发一次。", self.failure_name(failure))
                }
                FailReason::RetriesExhausted { attempts, last } => {
                    format!("尝试了 {attempts} 次仍然失败（{}）：重试次数已用完。", self.failure_name(last))
                }
                FailReason::HarnessBug { tool } if tool.is_empty() => {
                    "这是 harness 自身的 bug：某个工具的结果还没写进历史就丢了。这里把它显示出来，而不是悄悄吞掉。"
                        .into()
                }
                FailReason::HarnessBug { tool } => format!(
                    "这是 harness 自身的 bug：{} 的结果还没写进历史就丢了。这里把它显示出来，而不是悄悄吞掉。",
                    short_text(tool, 40)
                ),
                FailReason::UnhandledCall { failure } => {
                    format!(
                        "没有任何代码接住这次失败（{}）：不做重试的循环，第一次调用失败就结束了。",
                        self.failure_name(failure)
                    )
                }
                FailReason::UnhandledTool { name, kind } => format!(
                    "没有任何代码接住 {name} 的错误（{}）：它没有回到模型那里，而是直接让运行结束了。",
                    self.tool_error_name(*kind)
                ),
                FailReason::NotAnAnswer { finish_reason } => self.not_an_answer(finish_reason),
                FailReason::Threw { message } => {
                    format!("你的代码抛出了错误，没有任何代码接住它：{}", short_text(message, 160))
                }
                FailReason::Stalled => "你的代码在空等：没有计时器，没有请求，runAgent 也一直没有结束。".into(),
                FailReason::Blocked { budget_ms } => {
                    format!("你的代码在 {} 内没有交还控制权，所以页面把它停下了。", self.seconds(*budget_ms))
                }
                FailReason::TimeLimit { after_ms } => {
                    format!("虚拟时间过了 {} 你的代码还在运行，所以页面把它停下了。", self.seconds(*after_ms))
                }
                FailReason::TooManyRequests { requests } => format!(
                    "你的代码发了 {requests} 个请求还没有结束，所以页面把它停下了：它自己没有任何护栏来做这件事。"
                ),
                FailReason::SandboxError { message } => {
                    format!("沙箱没能运行你的代码：{}", short_text(message, 160))
                }
                FailReason::NoAgent { .. } => {
                    "什么也没有运行：你的代码没有定义 runAgent(task)，最外层也没有向服务器发出任何请求。".into()
                }
            },
            Outcome::Cancelled => "你点了“停止”。在此之前的所有内容都保留在下方。".into(),
        }
    }

    fn not_an_answer(&self, finish_reason: &str) -> String {
        match finish_reason {
            "length" => "回复在 token 上限处被截断（finish_reason 为“length”），所以不算答案。请调大 max_tokens，或者发送更短的历史。".into(),
            "content_filter" => "服务器扣下了这条回复（finish_reason 为“content_filter”），所以没有可用的答案。请换种说法描述任务，或检查服务器的过滤设置。".into(),
            other => format!(
                "回复以 finish_reason“{}”结束，这不是一个完整的答案，所以运行就此结束，不去猜测。",
                short_text(other, 40)
            ),
        }
    }

    fn duration(&self, ms: u64) -> String {
        if ms >= 1000 {
            self.seconds(ms)
        } else {
            format!("{ms} 毫秒")
        }
    }

    fn turn_of_max(&self, turn: u32, max: u32) -> String {
        format!("{turn} / {max}")
    }

    fn waiting(&self, ms: u64, attempt: u32, max: u32) -> String {
        format!("你的代码先等待 {}，然后进行第 {attempt} 次尝试（共 {max} 次）", self.duration(ms))
    }

    fn silent_call(&self, waited: u64, limit: u64) -> String {
        format!("已 {} 没有回音：看门狗在 {} 时切断调用", self.duration(waited), self.duration(limit))
    }

    fn history_meter(&self, messages: usize, tokens: u32) -> String {
        format!("上次发送：{messages} 条消息，约 {tokens} 个 token")
    }

    fn scene_label(&self, door_open: bool, lock_oiled: bool) -> String {
        format!("门：{}；锁：{}", self.door_state(door_open), self.lock_state(lock_oiled))
    }

    fn door_state(&self, open: bool) -> &'static str {
        if open {
            "开着"
        } else {
            "关着"
        }
    }

    fn lock_state(&self, oiled: bool) -> &'static str {
        if oiled {
            "已上油"
        } else {
            "生锈了"
        }
    }

    fn attempts_label(&self, fault: &str) -> String {
        format!("{fault}：连续发生的次数")
    }

    fn trace_error(&self, error: &TraceError) -> String {
        const MB: usize = 1_000_000;
        match error {
            TraceError::TooLarge { bytes } => {
                format!("这个文件有 {} MB，而一份运行记录最多 {} MB。", bytes / MB, MAX_TRACE_BYTES / MB)
            }
            TraceError::NotJson => "这个文件不是 JSON，所以不可能是 Rusty Lock 的运行记录。".into(),
            TraceError::Foreign => {
                format!("这个 JSON 文件不是 Rusty Lock 的运行记录（里面没有 \"format\": \"{TRACE_FORMAT}\"）。")
            }
            TraceError::Newer { version } => format!(
                "这份运行记录是由更新版本的 Rusty Lock 保存的（记录格式 {version}）；本页面只能读取格式 {TRACE_VERSION}。"
            ),
            TraceError::Damaged { why } => {
                let why = match why {
                    Damage::NoVersion => "里面没有版本号".to_string(),
                    Damage::TooManyEvents { max } => format!("里面的事件超过了 {max} 个"),
                    Damage::BadEntry { detail } => {
                        format!("有一条记录无法读作事件（{}）", short_text(detail, 160))
                    }
                    Damage::NoStart => "它不是从一次运行的开头开始的".into(),
                    Damage::TaskTooLong { chars, max } => {
                        format!("其中的任务长达 {chars} 个字符，而任务最多只能有 {max} 个字符")
                    }
                    Damage::NeverFinished => "其中的运行一直没有结束".into(),
                    Damage::SeveralRuns => "里面不止一次运行".into(),
                };
                format!("这份运行记录已损坏：{why}。")
            }
        }
    }

    fn step_of(&self, step: usize, of: usize) -> String {
        format!("第 {step} 步，共 {of} 步")
    }

    fn attempt_of(&self, attempt: u32, max: u32) -> String {
        format!("第 {attempt} 次尝试（共 {max} 次）")
    }

    fn seconds(&self, ms: u64) -> String {
        let tenths = ms.saturating_add(50) / 100;
        format!("{}.{} 秒", tenths / 10, tenths % 10)
    }

    fn turns_left(&self, left: u32, max: u32) -> String {
        format!("还剩 {left} 轮（共 {max} 轮）")
    }

    fn token_bar(&self, turn: u32, messages: usize, tokens: u32, counted: Option<u32>) -> String {
        match counted {
            Some(c) => {
                format!("第 {turn} 轮：{messages} 条消息，约 {tokens} 个 token（服务器计数为 {c} 个）")
            }
            None => format!("第 {turn} 轮：{messages} 条消息，约 {tokens} 个 token"),
        }
    }

    fn server_counted(&self, tokens: u32) -> String {
        format!("服务器计数为 {tokens} 个 token。")
    }

    fn guard_short(&self, g: Guard) -> &'static str {
        match g {
            Guard::MaxTurns => "轮次预算用完",
            Guard::ErrorsInARow => "连续出错",
            Guard::RepeatedCall => "同一步走了两次",
            Guard::Watchdog => "看门狗切断调用",
        }
    }

    fn scene_caption(&self, event: &Event) -> String {
        match event {
            Event::SecretSent { .. } => "整个异常作为工具结果发了回去：堆栈跟踪、文件路径和一个密码现在都在历史里，每一轮都会再发一次。谁都没有拦住。".into(),
            Event::RunStarted { .. } => "主角（循环）带着一个任务出发了：打开神殿的门。".into(),
            Event::TurnStarted { turn, messages, est_tokens, .. } => format!(
                "第 {turn} 轮：主角拿起整段历史，共 {messages} 条消息（约 {est_tokens} 个 token），准备重新发送。"
            ),
            Event::ModelCalled { attempt, max_attempts, .. } if *attempt > 1 => format!(
                "第 {attempt} 次尝试（共 {max_attempts} 次）：主角再去问一次先知。刚才的失败，模型完全不知道。"
            ),
            Event::ModelCalled { .. } => "主角把整段历史交给先知（模型）。".into(),
            Event::ModelCallFailed { failure, final_because: Some(FinalBecause::AttemptsUsedUp), max_attempts, .. } => {
                format!(
                    "{}，而且这已经是 {max_attempts} 次尝试中的最后一次：你的代码能试的都试过了，只好放弃。运行到此结束。",
                    self.failure_name(failure)
                )
            }
            Event::ModelCallFailed { failure, final_because: Some(FinalBecause::NothingCaught), .. } => {
                format!("{}：没有任何代码接住它，运行到此结束。", self.failure_name(failure))
            }
            Event::ModelCallFailed { failure, layer: Layer::Nobody, .. } => format!(
                "{}：重试修不好，模型也修不好。运行到此结束。",
                self.failure_name(failure)
            ),
            Event::ModelCallFailed { failure, .. } => {
                format!("{}：这次调用失败了。你的代码接住了它，模型永远不会知道。", self.failure_name(failure))
            }
            Event::RetryScheduled { next_attempt, max_attempts, wait_ms, reason, .. } => match reason {
                WaitReason::RetryAfter => format!(
                    "服务器要求等一等：你的代码等待 {}，然后进行第 {next_attempt} 次尝试（共 {max_attempts} 次）。",
                    self.duration(*wait_ms)
                ),
                WaitReason::Backoff => format!(
                    "你的代码开始退避：等待 {}，然后进行第 {next_attempt} 次尝试（共 {max_attempts} 次）。",
                    self.duration(*wait_ms)
                ),
            },
            Event::ModelReplied { tool_calls, .. } if tool_calls.is_empty() => {
                "先知给出了最终答案：这是离开循环唯一正常的出口。".into()
            }
            Event::ModelReplied { tool_calls, .. } => {
                let names: Vec<&str> = tool_calls.iter().map(|c| c.function.name.as_str()).collect();
                format!("先知请求使用工具：{}。循环继续。", names.join("、"))
            }
            Event::QuirkTolerated { .. } => {
                "这条回复没有完全遵守协议：它请求了工具，却没有声明。你的代码以回复里实际的内容为准，照样执行了这些工具。".into()
            }
            Event::ToolStarted { call, .. } => format!("主角在房间里执行 {}。", call.function.name),
            Event::ToolSucceeded { name, .. } => format!("{} 调用成功，结果写进了历史。", clip(name)),
            Event::ToolFailed { name, layer: Layer::Code, .. } => format!("{} 调用的回复丢失了，但它可能已经执行。你的代码自己又调用了一次，而房间已经变了。", clip(name)),
            Event::ToolFailed { name, kind, layer: Layer::Nobody, .. } => format!(
                "{} 调用失败（{}），而且没有任何代码接住它：运行结束，模型永远读不到原因。",
                clip(name),
                self.tool_error_name(*kind)
            ),
            Event::ToolFailed { name, kind, .. } => format!(
                "{} 调用失败（{}）。错误作为这个工具的结果送回给先知，让模型去读。",
                clip(name),
                self.tool_error_name(*kind)
            ),
            Event::GuardTripped { guard: Guard::Watchdog, .. } => {
                "看门狗切断了一个始终没有回音的调用。这算作一次超时，你的代码会重试。".into()
            }
            Event::GuardTripped { guard, .. } => {
                format!("护栏触发：{}。你的代码叫停了这次运行。", self.guard_name(*guard))
            }
            Event::Finished { outcome, .. } => match outcome {
                Outcome::Answered { .. } => "门开了：任务完成。".into(),
                Outcome::Escalated { .. } => "循环没有继续原地打转，而是把事情交给了人。".into(),
                Outcome::GaveUp { guard } => format!("护栏结束了这次运行：{}。", self.guard_name(*guard)),
                Outcome::Failed { reason: FailReason::NotAnAnswer { .. } } => {
                    "先知话说到一半就停了，半句话不算答案：运行结束，没有得到答案。".into()
                }
                Outcome::Failed { .. } => "这次失败没人接住：反派赢了，这次运行白跑了。".into(),
                Outcome::Cancelled => "你点了“停止”。".into(),
            },
        }
    }

    fn announce(&self, event: &Event) -> Option<String> {
        match event {
            Event::ModelCalled { .. } | Event::ToolStarted { .. } => None,
            other => Some(self.scene_caption(other)),
        }
    }

    fn count(&self, n: u64) -> String {
        let digits = n.to_string();
        let mut out = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push(',');
            }
            out.push(c);
        }
        out
    }
}

impl Below for Zh {
    fn board_earlier(&self, n: usize) -> String {
        format!("之前还有 {n} 个")
    }

    fn recorded_with(&self, provider: &rusty_lock_engine::show::scenario::ProviderChoice) -> String {
        match provider {
            rusty_lock_engine::show::scenario::ProviderChoice::Builtin => "录制时用的是内置模型。".into(),
            rusty_lock_engine::show::scenario::ProviderChoice::Http { endpoint, model } if model.is_empty() => {
                format!("录制时连接的是 {}。", clip(endpoint))
            }
            rusty_lock_engine::show::scenario::ProviderChoice::Http { endpoint, model } => {
                format!("录制时连接的是 {}，模型 {}。", clip(endpoint), clip(model))
            }
        }
    }

    fn layer_rule(&self, layer: Layer) -> &'static str {
        match layer {
            Layer::Model => "错误作为工具结果送回去。模型读到后，换个办法再试。",
            Layer::Code => "你的代码等一会儿再试，或者由护栏出手。模型完全不知道。",
            Layer::Nobody => "重试也没用。运行结束，并给出清楚的错误。",
        }
    }

    fn personality_name(&self, p: Personality) -> &'static str {
        match p {
            Personality::Helpful => "内置模型：听劝型（会读错误信息）",
            Personality::Stubborn => "内置模型：固执型（一错再错）",
        }
    }

    fn error_text_name(&self, e: ErrorText) -> &'static str {
        match e {
            ErrorText::Sentence => "一句话：哪里出错、下一步做什么",
            ErrorText::Code => "只有错误码（Error: ToolError）",
            ErrorText::Raw => "原始异常，连同里面的秘密",
        }
    }

    fn board_label(&self, kind: BoardKind) -> String {
        match kind {
            BoardKind::Network => "连接中断".into(),
            BoardKind::Timeout => "超时".into(),
            BoardKind::BadBody => "响应体有误".into(),
            BoardKind::Tool(ToolErrorKind::UnknownTool) => "未知工具".into(),
            BoardKind::Tool(ToolErrorKind::BadJson) => "JSON 损坏".into(),
            BoardKind::Tool(ToolErrorKind::SchemaInvalid) => "参数有误".into(),
            BoardKind::Tool(ToolErrorKind::ToolFailed) => "工具错误".into(),
            BoardKind::Tool(ToolErrorKind::ReplyLost) => "回复丢失".into(),
            BoardKind::Guard(Guard::MaxTurns) => "轮次上限".into(),
            BoardKind::Guard(Guard::ErrorsInARow) => "连续出错".into(),
            BoardKind::Guard(Guard::RepeatedCall) => "重复调用".into(),
            BoardKind::Guard(Guard::Watchdog) => "看门狗".into(),
            BoardKind::RetriesExhausted => "重试用完".into(),
            BoardKind::HarnessBug => "harness bug".into(),
            BoardKind::Cancelled => "已停止".into(),
            BoardKind::CutAtLength => "长度截断".into(),
            BoardKind::ContentFilter => "被过滤".into(),
            BoardKind::UnknownFinish => "异常结束".into(),
            BoardKind::FinishMismatch => "结束原因不符".into(),
            BoardKind::UnhandledCall => "未处理的调用".into(),
            BoardKind::UnhandledTool => "工具错误被抛出".into(),
            BoardKind::BareError => "只有错误码".into(),
            BoardKind::SecretSent => "秘密外泄".into(),
            BoardKind::Threw => "你的代码抛出错误".into(),
            BoardKind::Stalled => "空等".into(),
            BoardKind::Blocked => "未交还控制权".into(),
            BoardKind::TimeLimit => "时间上限".into(),
            BoardKind::TooManyRequests => "请求过多".into(),
            BoardKind::SandboxError => "沙箱错误".into(),
            BoardKind::NoAgent => "没有 runAgent".into(),
            BoardKind::Http(status) => format!("HTTP {status}"),
        }
    }

    fn lesson_changes(&self, changed: &[Setting]) -> String {
        let names: Vec<&str> = changed.iter().map(|s| setting_label(*s)).collect();
        format!("以下设置与本课原本的设置不同：{}。这次运行的结果可能和讲解里说的不一样。", names.join("；"))
    }

    fn preview_axis(&self, attempt: u32) -> String {
        format!("第 {attempt} 次")
    }

    fn preview_retry(&self, attempt: u32, low: u64, high: u64) -> String {
        if low == high {
            format!("第 {attempt} 次尝试之前：正好等待 {}。", self.duration(high))
        } else {
            format!(
                "第 {attempt} 次尝试之前：在 {}～{}之间随机选一个等待时长。",
                self.duration(low),
                self.duration(high)
            )
        }
    }

    fn preview_worst(&self, ms: u64) -> String {
        format!("退避总共最多等待 {}，除非服务器要求等更久。", self.duration(ms))
    }
}

impl Log for Zh {
    fn guard_detail(&self, detail: &GuardDetail) -> String {
        match detail {
            GuardDetail::NoAnswerAfter { turns } => format!("{turns} 轮之后仍然没有答案。"),
            GuardDetail::SilentFor { ms } => {
                format!("过了 {}，仍然没有回复：这次调用被切断，算作一次超时。", self.duration(*ms))
            }
            GuardDetail::SameCalls { calls } => {
                let calls: Vec<String> =
                    calls.iter().map(|c| format!("{}({})", clip(&c.name), clip(&c.arguments))).collect();
                format!("模型又一次请求了和上一轮一模一样的调用：{}。", calls.join("、"))
            }
            GuardDetail::ErrorsInARow { count } => format!("连续出现了 {count} 次工具错误。"),
            GuardDetail::Recorded { text } => clip(text).into_owned(),
        }
    }

    fn quirk_text(&self, quirk: &Quirk) -> String {
        match quirk {
            Quirk::ToolCallsWithFinishReason { finish_reason } if finish_reason.is_empty() => {
                "回复里没有给出 finish_reason，但你的代码还是执行了其中的工具调用：它以回复里实际的内容为准。".into()
            }
            Quirk::ToolCallsWithFinishReason { finish_reason } => format!(
                "回复的 finish_reason 是“{}”，但你的代码还是执行了其中的工具调用：它以回复里实际的内容为准。",
                short_text(finish_reason, 40)
            ),
        }
    }

    fn describe(&self, event: &Event) -> String {
        match event {
            Event::SecretSent { secrets, .. } => {
                format!("发给模型的秘密：{}。之后的每一轮都会再发一次。", secret_list(secrets))
            }
            Event::RunStarted { task, max_turns, .. } => {
                format!("运行开始：“{}”（最多 {max_turns} 轮）", clip(task))
            }
            Event::TurnStarted { turn, messages, est_tokens, .. } => {
                format!("第 {turn} 轮：发送 {messages} 条消息，约 {est_tokens} 个 token")
            }
            Event::ModelCalled { attempt, max_attempts, .. } if *attempt > 1 => {
                format!("再次调用模型，第 {attempt} 次尝试（共 {max_attempts} 次）")
            }
            Event::ModelCalled { .. } => "调用模型".into(),
            Event::ModelCallFailed { failure, attempt, max_attempts, final_because, .. } => match final_because {
                Some(FinalBecause::AttemptsUsedUp) => {
                    format!("模型调用失败：{}。这已经是最后一次尝试。", self.failure_name(failure))
                }
                Some(FinalBecause::CannotPass) => {
                    format!("模型调用失败：{}。不值得重试。", self.failure_name(failure))
                }
                Some(FinalBecause::NothingCaught) => {
                    format!("模型调用失败：{}。没有任何代码接住它。", self.failure_name(failure))
                }
                None => {
                    format!("模型调用失败：{}（第 {attempt} 次尝试，共 {max_attempts} 次）", self.failure_name(failure))
                }
            },
            Event::RetryScheduled { next_attempt, max_attempts, wait_ms, reason, .. } => match reason {
                WaitReason::RetryAfter => format!(
                    "服务器要求等待：{}，然后重试（第 {next_attempt} 次尝试，共 {max_attempts} 次）",
                    self.duration(*wait_ms)
                ),
                WaitReason::Backoff => {
                    format!(
                        "退避：等待 {}，然后重试（第 {next_attempt} 次尝试，共 {max_attempts} 次）",
                        self.duration(*wait_ms)
                    )
                }
            },
            Event::ModelReplied { content, tool_calls, .. } if tool_calls.is_empty() => {
                format!("模型回答：{}", clip(content.as_deref().unwrap_or_default()))
            }
            Event::ModelReplied { content, tool_calls, .. } => {
                let calls: Vec<String> = tool_calls
                    .iter()
                    .map(|c| format!("{}({})", clip(&c.function.name), clip(&c.function.arguments)))
                    .collect();
                match content {
                    Some(thought) if !thought.is_empty() => {
                        format!("模型请求 {}：“{}”", calls.join("、"), clip(thought))
                    }
                    _ => format!("模型请求 {}", calls.join("、")),
                }
            }
            Event::QuirkTolerated { quirk, .. } => self.quirk_text(quirk),
            Event::ToolStarted { call, .. } => format!("正在执行 {}", call.function.name),
            Event::ToolSucceeded { name, output, .. } => format!("{} → {}", clip(name), clip(output)),
            Event::ToolFailed { name, layer: Layer::Code, .. } => {
                format!("{} 回复丢失 → 你的代码自行重新调用，模型并不知情", clip(name))
            }
            Event::ToolFailed { name, kind, output, .. } => {
                format!("{} 失败（{}）→ 送回给模型：{}", clip(name), self.tool_error_name(*kind), clip(output))
            }
            Event::GuardTripped { guard, detail, .. } => {
                format!("护栏：{}。{}", self.guard_name(*guard), self.guard_detail(detail))
            }
            Event::Finished { outcome, turns, .. } => {
                format!("{}，共 {turns} 轮", self.outcome_title(outcome))
            }
        }
    }

    fn logs_only(&self) -> &'static str {
        "只写进你的日志，从未发给模型"
    }
}

impl Lessons for Zh {
    fn lesson_text(&self, id: LessonId) -> LessonText {
        match id {
            LessonId::RustedLock => LessonText {
                title: "生锈的锁",
                goal: "锁没上油之前，钥匙是转不动的。看看智能体怎么发现这一点。",
                explanation: "工具拒绝执行，并说明了原因：锁生锈了，先上油。这句话作为工具结果回到了模型那里，模型读了之后就改了计划。工具错误是给模型的信息，不是崩溃。",
                takeaway: "工具错误是写给模型的信息，不是崩溃。",
            },
            LessonId::ServerHiccup => LessonText {
                title: "服务器打了个嗝",
                goal: "就在智能体试钥匙的那一轮，模型的服务器回了一次 503。",
                explanation: "503 表示服务器暂时不可用，这种情况通常自己就会过去。你的代码随机等了一会儿再调用，模型完全没察觉：这件事没有占用它的任何一轮。",
                takeaway: "短暂的 503 归你的代码管：随机等一下再调用。",
            },
            LessonId::RateLimited => LessonText {
                title: "被限流了",
                goal: join!("服务器返回 429 Too Many Requests，并让客户端 ", seconds_in!(RATE_LIMIT_RETRY_AFTER_MS, SIGN), " 秒后再来。"),
                explanation: "服务器在 Retry-After 里给出了等待时间，你的代码就照着等，而不是自己去猜。提前重试只会再换来一个 429。",
                takeaway: "服务器说等多久，就等多久。",
            },
            LessonId::BadKey => LessonText {
                title: "密钥错了",
                goal: "服务器返回 401 Unauthorized：API 密钥不对。",
                explanation: "密钥错了，问多少次都是错的。重试帮不上忙，模型也修不好，所以运行立刻结束，留下一个清楚的错误，等人来处理。",
                takeaway: "不会变的错误别重试：密钥错了得找人。",
            },
            LessonId::BadRequestRetried => LessonText {
                title: "白白重试的错误请求",
                goal: "一个“错误派”的 harness 什么失败都重试，连 400 也不例外。",
                explanation: "400 说明请求本身就有问题，再发一遍还是同样的 400。这里 harness 把所有尝试和等待都白白耗光了，最后照样失败。只重试那些自己会好起来的失败。",
                takeaway: "只重试会自己好的失败；400 永远不会好。",
            },
            LessonId::BrokenJson => LessonText {
                title: "损坏的 JSON",
                goal: "第 3 轮时，模型发来的工具调用参数被截断了。",
                explanation: "harness 解析不了这些参数，于是用一句话告诉模型哪里错了，还附上一个示例。模型改正后重新发送了调用。代价是一轮，而不是整次运行。",
                takeaway: "告诉模型错在哪里，它就能重新发送调用。",
            },
            LessonId::InventedTool => LessonText {
                title: "编造出来的工具",
                goal: "模型调用了 open_door，一个根本不存在的工具。",
                explanation: "harness 在执行任何操作之前先检查了工具名，并回复了真实存在的工具列表。模型在下一轮就选了一个真实的工具。",
                takeaway: "执行前先核对工具名，并列出真实的工具。",
            },
            LessonId::StubbornModel => LessonText {
                title: "固执的模型",
                goal: "这个模型无视提示，一直拿钥匙去开那把生锈的锁。",
                explanation: "每个错误都送回给了模型，可它还是一错再错。连续三次工具错误之后，你代码里的护栏叫停了运行，没让它把轮次预算全部耗光。",
                takeaway: "给连续错误设上限，卡住的模型就耗不光预算。",
            },
            LessonId::SameCallTwice => LessonText {
                title: "同一个调用来了两次",
                goal: "固执的模型发来的调用，和上一轮一模一样。",
                explanation: "同样的调用、同样的参数，只会得到同样的结果。护栏发现了这次重复，停下循环，礼貌地把事情交给了人，而不是假装还在推进。",
                takeaway: "同一个调用来两次，结果不会变：交给人。",
            },
            LessonId::NeverEndingTurn => LessonText {
                title: "永远结束不了的一轮",
                goal: "第 2 轮时，服务器接下了调用，然后就再也没有任何回应。",
                explanation: join!(
                    "没有看门狗的话，这次运行会永远等下去。看门狗在 ",
                    seconds_in!(Guards::DEFAULT.watchdog_ms, SIGN),
                    " 秒后切断了这个没有回音的调用，把它算作一次超时，你的代码就像对待其他暂时性故障一样重试了它。"
                ),
                takeaway: "看门狗把沉默变成超时，你的代码就能重试。",
            },
            LessonId::RetriesUsedUp => LessonText {
                title: "重试次数用完了",
                goal: "服务器连续三次返回 503，而策略一共只允许尝试三次。",
                explanation: "重试是在赌问题很快会过去。如果每次尝试都失败，这个赌就输了：你的代码停止重试，运行以一个清楚的错误结束，而不是无休止地循环下去。",
                takeaway: "重试是有上限的赌注；输了就明明白白地失败。",
            },
            LessonId::WhyJitter => LessonText {
                title: "为什么要抖动？",
                goal: join!(
                    "抖动已关闭：两次 503 之后，你的代码正好等 ",
                    seconds_in!(numbers::FIXED_WAITS_MS[0], SIGN),
                    " 秒，再等 ",
                    seconds_in!(numbers::FIXED_WAITS_MS[1], SIGN),
                    " 秒。要是一千个客户端都这样呢？"
                ),
                explanation: "只有一个客户端时，固定等待没问题，你的代码也处理好了两次 503。可是同一时刻失败的客户端，也会在同一时刻一起回来，刚恢复的服务器被整群人同时砸中，又倒下了。在同样的上限内随机等待，就能把它们错开：打开“惊群”页面，看一千个客户端分别用两种方式重试。",
                takeaway: "随机等待，客户端就不会一窝蜂同时回来。",
            },
            LessonId::BareError => LessonText {
                title: "只有错误码，还是一句话",
                goal: "现在工具错误只以错误码交给模型：生锈的锁只说“Error: ToolError”。",
                explanation: "“Error: ToolError”没说原因，也没说下一步，模型无从知道锁要先上油。它只能猜，又试了一次钥匙，重复调用护栏把事情交给了人。换成一句话（默认），同一个模型会给锁上油，打开门。",
                takeaway: "为模型写错误：哪里出错，下一步做什么。",
            },
            LessonId::SecretInHistory => LessonText {
                title: "历史里的秘密",
                goal: "harness 现在原样转发异常：堆栈跟踪、文件路径、连接字符串。",
                explanation: "模型在这堆输出里找到了提示，打开了门，运行有了回答。但它多读了很多 token，密码也留在了历史里，每一轮都会再发给模型和它的服务商。没有哪一层拦住它：细节应该留在你的日志里。",
                takeaway: "堆栈和密码进你的日志；模型只拿到一句话。",
            },
            LessonId::LostReply => LessonText {
                title: "丢失的回复被重试",
                goal: "第 4 轮钥匙打开了门，但它的回复丢了。这个 harness 会自己重新调用工具。",
                explanation: "第一次调用已经把门打开，只是回复丢了。你的代码又转了一次钥匙，把门锁上了：如果是付款或邮件，就是无法撤回的重复。改为告诉模型，它会先看一眼再完成。",
                takeaway: "会改变状态的调用可能已经成功：再做之前先确认。",
            },
            LessonId::FinishReason => LessonText {
                title: "伪装成答案的调用",
                goal: "第 1 轮服务器发来了模型的工具调用，却把回复标为 finish_reason“stop”，有些真实服务器就是这样。",
                explanation: "相信 finish_reason 的循环把“stop”当作最终答案，丢掉了调用。你的代码看的是回复的内容：执行调用并继续。对比模式会展示朴素循环如何上当。",
                takeaway: "看回复实际包含什么，而不是它声称的 finish_reason。",
            },
            // Every lesson has its words above; one without them would show an empty card, and the
            // browser test that opens every lesson fails on that.
        }
    }

    fn lesson_step(&self, n: usize, of: usize) -> String {
        format!("第 {n} 课，共 {of} 课")
    }

    fn start_plan(&self, lessons: usize, minutes: u32) -> String {
        format!("开始工作坊计划（共 {lessons} 课，{minutes} 分钟，演示模式）")
    }

    fn reveal_line(&self, was: Layer) -> String {
        match was {
            Layer::Model => "这次失败由模型处理。".into(),
            Layer::Code => "这次失败由你的代码处理。".into(),
            Layer::Nobody => "这次失败谁都不管，没有哪一层接住它。".into(),
        }
    }

    fn answer_line(&self, said: Layer, was: Layer) -> String {
        match (said, was) {
            (Layer::Model, Layer::Model) => "正是模型处理了它。".into(),
            (Layer::Code, Layer::Code) => "正是你的代码处理了它。".into(),
            (Layer::Nobody, Layer::Nobody) => "确实谁都不管：没有哪一层接住它。".into(),
            (Layer::Code, Layer::Model) => "你选的是你的代码；其实是模型处理的。".into(),
            (Layer::Nobody, Layer::Model) => "你选的是谁都不管；其实是模型处理的。".into(),
            (Layer::Model, Layer::Code) => "你选的是模型；其实是你的代码处理的。".into(),
            (Layer::Nobody, Layer::Code) => "你选的是谁都不管；其实是你的代码处理的。".into(),
            (Layer::Model, Layer::Nobody) => "你选的是模型；其实谁都不管。".into(),
            (Layer::Code, Layer::Nobody) => "你选的是你的代码；其实谁都不管。".into(),
        }
    }

    fn own_answer_line(&self, was: Layer) -> String {
        format!("教师给出的答案：{}。", layer_name(was))
    }

    fn form_keep_agenda(&self, n: usize) -> String {
        format!("保留上次打开的议程中的 {n} 节课")
    }

    fn link_too_long(&self, len: usize, max: usize) -> String {
        format!("这个链接会有 {len} 个字符，超过了链接最多能容纳的 {max} 个：请缩短文字，或减少课程数量。")
    }
}

impl Kit for Zh {
    fn plan_summary(&self, lessons: usize, exercises: usize, minutes: u32) -> String {
        format!("{lessons} 节课和 {exercises} 个练习：共约 {minutes} 分钟。")
    }

    fn ready_plan(&self, plan: rusty_lock_engine::show::plan::ReadyPlan, minutes: u32) -> String {
        use rusty_lock_engine::show::plan::ReadyPlan::*;
        match plan {
            Hour => format!("一小时（{minutes} 分钟）"),
            HalfHour => format!("半小时（{minutes} 分钟）"),
            Everything => format!("全部（{minutes} 分钟）"),
        }
    }

    fn minutes(&self, n: u32) -> String {
        format!("{n} 分钟")
    }

    fn qr_label(&self, link: &str) -> String {
        format!("链接 {link} 的二维码")
    }

    fn phone_unreachable(&self, host: &str) -> String {
        format!("手机打不开这个地址：{host} 指的是这台电脑自己，手机扫码后会在手机本身上找这个页面。")
    }

    fn codes_unreachable(&self, host: &str) -> String {
        format!("这些二维码指向 {host}，也就是这台电脑自己：手机扫码后会在手机本身上找这个页面，什么也找不到。")
    }
}

impl Herd for Zh {
    fn herd_policy_name(&self, p: rusty_lock_engine::run::herd::HerdPolicy) -> &'static str {
        use rusty_lock_engine::run::herd::HerdPolicy::*;
        match p {
            NoBackoff => "不退避",
            Exponential => "指数退避，无抖动",
            FullJitter => "完全抖动",
            EqualJitter => "均等抖动",
            Decorrelated => "去相关抖动",
            Yours => "你的策略",
        }
    }

    fn herd_yours(&self, p: &rusty_lock_engine::run::provider::RetryPolicy) -> String {
        let jitter = if p.jitter { "抖动（已开启）" } else { "抖动（已关闭）" };
        let attempts = if p.max_attempts == 1 {
            "只尝试一次".to_string()
        } else {
            format!("最多尝试 {} 次", p.max_attempts)
        };
        format!(
            "这里的每种策略都使用你设置的首次等待（{}）和最长等待（{}）。“你的策略”还加上了你的{}，以及“{attempts}”的限制；可以在演练场的重试设置里修改。",
            self.duration(p.base_delay_ms),
            self.duration(p.max_delay_ms),
            jitter
        )
    }

    fn herd_slots_hint(&self, capacity: u32, slot_ms: u64) -> String {
        format!(
            "每个时间片长 {}；服务器恢复后，每个时间片处理 {} 个调用，其余的一律拒绝。",
            self.duration(slot_ms),
            self.count(capacity as u64)
        )
    }

    fn herd_done(&self, line: &rusty_lock_engine::run::herd::HerdLine) -> String {
        match (line.last_success_ms, line.cut_short) {
            (_, true) => "已停止：调用太多，无法模拟".into(),
            (Some(ms), _) if line.gave_up > 0 => {
                format!("{}（{} 个放弃）", self.duration(ms), self.count(line.gave_up as u64))
            }
            (Some(ms), _) => self.duration(ms),
            (None, _) => "没有一个成功".into(),
        }
    }

    fn herd_goes_on(&self, line: &rusty_lock_engine::run::herd::HerdLine) -> String {
        match line.last_success_ms {
            Some(ms) => format!("（超出图表边缘，一直持续到 {}）", self.duration(ms)),
            None => "（超出图表边缘，仍在继续）".into(),
        }
    }

    fn herd_slots_summary(&self, lines: &[rusty_lock_engine::run::herd::HerdLine], end_ms: u64) -> String {
        let parts: Vec<String> = lines
            .iter()
            .map(|l| {
                let peak = l.calls_per_slot.iter().copied().max().unwrap_or(0);
                format!(
                    "{}：单个时间片最多 {} 个调用，{}",
                    self.herd_policy_name(l.policy),
                    self.count(peak as u64),
                    self.herd_done(l)
                )
            })
            .collect();
        format!("宕机开始后的前 {}。{}。", self.duration(end_ms), parts.join("；"))
    }

    fn herd_lost(&self, figure: &str, gave_up: u32) -> String {
        format!("{figure}，丢了 {} 个客户端", self.count(gave_up as u64))
    }
}

impl Verdict for Zh {
    fn failure_noun(&self, failure: &CallFailure) -> String {
        match failure {
            CallFailure::Http { status } => format!("HTTP {status}"),
            CallFailure::Network => "连接中断".into(),
            CallFailure::Timeout => "超时".into(),
            CallFailure::BadBody { .. } => "无法读取的响应体".into(),
        }
    }

    /// Chinese has no articles: the same as the bare noun.
    fn failure_with_article(&self, failure: &CallFailure) -> String {
        self.failure_noun(failure)
    }

    fn finding(&self, said: &Said) -> String {
        match said {
            Said::BareToolError { turn, tool } => format!("第 {turn} 轮，{} 的错误只以错误码交给模型，它只能猜，然后重复自己。修复：用一句话说清哪里出错、下一步做什么。", clip(tool)),
            Said::SecretSent { turn, secrets } => format!("第 {turn} 轮，工具错误把{}发给了模型；它们留在历史里，之后每一轮都会再发出去。修复：给模型一句清楚的话，把异常写进你的日志。", secret_list(secrets)),
            Said::RetriedNonIdempotent { turn, tool } => format!("第 {turn} 轮的 {} 调用丢失了回复，你的代码自行重新调用，于是一个不能安全重复的动作做了两次。修正：告诉模型调用可能已经生效，让它再做之前先确认。", short_text(tool, 40)),
            Said::CheckedBeforeRepeating { turn, tool } => format!("第 {turn} 轮的 {} 调用丢失了回复；模型被告知它可能已经生效，所以能在再做之前先确认。", short_text(tool, 40)),
            Said::DroppedToolCalls { turn, finish_reason } => format!("第 {turn} 轮的回复请求了工具，却标着 finish_reason“{}”，循环把它当成最终答案，没有执行那些调用。修正：看回复里有没有工具调用，而不是看结束原因。", short_text(finish_reason, 40)),
            Said::AcceptedCutReply { turn } => format!("第 {turn} 轮的回复在令牌上限处被截断（finish_reason“length”），循环却把它当成了答案。修正：把被截断的回复当作未完成，绝不当作结果。"),
            Said::RetriedPermanent { turn, failure } => format!(
                "第 {turn} 轮重试了一个不会自己好的失败（{}）：不管发多少次，结果都一样，重试只是白白耗费时间和配额。",
                self.failure_noun(failure)
            ),
            Said::RetryAfterCapped { turn, asked_ms, cap_ms } => format!(
                "第 {turn} 轮服务器要求等待 {}，但上限只有 {}，重试被提前发了出去，很可能再次被拒绝；不如直接失败来得清楚。",
                self.duration(*asked_ms),
                self.duration(*cap_ms)
            ),
            Said::IgnoredRetryAfter { turn, waited_ms, asked_ms } => format!(
                "第 {turn} 轮只等了 {}，就重试了，而服务器要求等 {}，所以这次重试多半又被同样拒绝了。",
                self.duration(*waited_ms),
                self.duration(*asked_ms)
            ),
            Said::RetryAfterCapAtZero { turn, failure } => format!(
                "第 {turn} 轮遇到失败（{}）后立即重试，因为 Retry-After 上限设成了 0 毫秒，服务器要求的等待时间全被丢掉了。",
                self.failure_noun(failure)
            ),
            Said::HonouredRetryAfter { turn, failure, waited_ms, asked_ms: Some(asked) } => format!(
                "第 {turn} 轮遇到失败（{}）后等待了 {}，与服务器要求的 {}一致。",
                self.failure_noun(failure),
                self.duration(*waited_ms),
                self.duration(*asked)
            ),
            Said::HonouredRetryAfter { turn, failure, waited_ms, asked_ms: None } => format!(
                "第 {turn} 轮遇到失败（{}）后等待了 {}，正好是服务器要求的时长。",
                self.failure_noun(failure),
                self.duration(*waited_ms)
            ),
            Said::RetryAfterMissing { turn, waited_ms } => format!(
                "第 {turn} 轮的 429 是猜着等了 {}，才重试的，因为循环没有收到 Retry-After：要么服务器根本没发，要么是跨域请求时服务器没有在 Access-Control-Expose-Headers 里列出它。",
                self.duration(*waited_ms)
            ),
            Said::RecoveredWithBackoff { turn, failure, waited_ms } => format!(
                "第 {turn} 轮遇到失败（{}）后，先退避等待了 {}，之后的尝试成功了；模型对此毫不知情。",
                self.failure_noun(failure),
                self.duration(*waited_ms)
            ),
            Said::GaveUpTooEarly { turn, failure } => format!(
                "第 {turn} 轮只出了一次失败（{}），运行就结束了，因为只允许尝试一次；其实稍等片刻再重试，多半就能成功。",
                self.failure_noun(failure)
            ),
            Said::RetriesUsedUp { turn, failure, attempts, waited_ms } => format!(
                "第 {turn} 轮尝试了 {attempts} 次，中间一共等待了 {}，仍然失败（{}）：重试次数用完了，运行就此结束。想扛过更久的故障，可以允许更多次尝试，或者调高最长等待；否则就接受这类失败会结束运行，并把错误清楚地报告出来。",
                self.duration(*waited_ms),
                self.failure_noun(failure)
            ),
            Said::FailedFast { turn, failure } => format!(
                "第 {turn} 轮的失败（{}）没有重试，而是立即结束了运行，因为任何重试都修不好它。",
                self.failure_noun(failure)
            ),
            Said::RetriedWithoutWaiting { turn, waited_ms } => format!(
                "第 {turn} 轮只等了 {}，就重试了：立刻回头去找一台正在挣扎的服务器，多半只会再失败一次，还给它添了负担。",
                self.duration(*waited_ms)
            ),
            Said::RetryStorm { calls, most, on_turn } => format!(
                "这次运行一共调用了模型 {calls} 次，其中第 {on_turn} 轮多达 {most} 次：这样拼命重试的客户端，会给本来就在出故障的服务器再加负担，而真实场景里每一次调用都是要付钱的。"
            ),
            Said::SynchronizedRetries => "退避时关闭了抖动，所以同一时刻失败的客户端都会在相同的时刻回来，一起砸向刚恢复的服务器。".into(),
            Said::HangWithoutTimeout { turn, until_stop: true } => format!(
                "第 {turn} 轮的模型调用一直没有回复，而看门狗是关着的，所以运行一直等到有人点了“停止”；要是设了超时，这次卡死就会变成一次重试。"
            ),
            Said::HangWithoutTimeout { turn, until_stop: false } => format!(
                "第 {turn} 轮的模型调用一直没有回复，而看门狗是关着的，所以运行会永远等下去；要是设了超时，这次卡死就会变成一次重试。"
            ),
            Said::AcceptedTruncatedStream { turn } => format!(
                "第 {turn} 轮的回复没有结束原因，这说明流在结束前被切断了，可循环还是把它当成了完整的答案。"
            ),
            Said::WatchdogCutHang { turn, after_ms } => format!(
                "第 {turn} 轮的调用过了 {}，仍然没有回复，看门狗把它切断了，把无声的卡死变成了一次你的代码可以重试的超时。",
                self.duration(*after_ms)
            ),
            Said::GuardStoppedLoop { guard: Guard::RepeatedCall, turn } => format!(
                "第 {turn} 轮，重复调用护栏发现模型把同一步走了两次，于是把事情交给了人，而不是继续白耗轮次。"
            ),
            Said::GuardStoppedLoop { guard: Guard::ErrorsInARow, turn } => {
                format!("第 {turn} 轮，连续错误护栏叫停了一个工具调用屡屡失败的模型。")
            }
            Said::GuardStoppedLoop { turn, .. } => {
                format!("轮次预算在第 {turn} 轮后叫停了运行，没有让它继续漫无目的地走下去。")
            }
            Said::ToleratedQuirk { turn, finish_reason } => format!(
                "第 {turn} 轮的回复带有工具调用，但 finish_reason 却是“{}”；循环以回复里实际的内容为准，执行了这些调用。",
                short_text(finish_reason, 40)
            ),
            Said::CutAtLength { turn } => format!(
                "第 {turn} 轮的回复在 token 上限处被截断了，所以没有被当作答案。请调大 max_tokens，或者发送更短的历史。"
            ),
            Said::NotAnAnswer { turn, finish_reason } => format!(
                "第 {turn} 轮的回复以 finish_reason“{}”结束，这不是一个完整的答案，所以运行就此结束，而不是拿它冒充答案。",
                short_text(finish_reason, 40)
            ),
        }
    }

    fn severity_name(&self, s: rusty_lock_engine::show::verdict::Severity) -> &'static str {
        match s {
            rusty_lock_engine::show::verdict::Severity::Good => "良好：",
            rusty_lock_engine::show::verdict::Severity::Warning => "警告：",
            rusty_lock_engine::show::verdict::Severity::Bad => "问题：",
        }
    }

    fn strip_title(&self, turn: u32) -> String {
        format!("第 {turn} 轮的退避")
    }

    fn strip_label(&self, next_attempt: u32) -> String {
        format!("第 {next_attempt} 次之前")
    }

    fn strip_value(&self, bar: &rusty_lock_engine::show::view::StripBar) -> String {
        match (bar.reason, bar.retry_after_ms) {
            (WaitReason::RetryAfter, Some(asked)) => {
                format!("{}（要求 {}）", self.duration(bar.wait_ms), self.duration(asked))
            }
            (WaitReason::RetryAfter, None) => format!("{}（按要求）", self.duration(bar.wait_ms)),
            (WaitReason::Backoff, _) => {
                format!("{} / {}", self.duration(bar.wait_ms), self.duration(bar.ceiling_ms))
            }
        }
    }

    fn strip_bar(&self, bar: &rusty_lock_engine::show::view::StripBar) -> String {
        match bar.reason {
            WaitReason::RetryAfter => format!(
                "第 {} 次尝试之前：服务器要求等待 {}，你的代码等待了 {}。",
                bar.attempt + 1,
                self.duration(bar.retry_after_ms.unwrap_or(bar.wait_ms)),
                self.duration(bar.wait_ms)
            ),
            WaitReason::Backoff => format!(
                "第 {} 次尝试之前：等待上限是 {}，实际选了 {}。",
                bar.attempt + 1,
                self.duration(bar.ceiling_ms),
                self.duration(bar.wait_ms)
            ),
        }
    }

    fn strip_total(&self, ms: u64) -> String {
        format!("总共等待了 {}。", self.duration(ms))
    }
}

impl Endpoint for Zh {
    fn preset_name(&self, preset: Preset) -> &'static str {
        match preset {
            Preset::Ollama => "Ollama",
            Preset::LmStudio => "LM Studio",
            Preset::OpenAi => "OpenAI",
            Preset::Vllm => "vLLM",
            Preset::Custom => "自定义",
        }
    }

    fn diagnosis(&self, found: &Diagnosis) -> String {
        match found {
            Diagnosis::BadAddress => "浏览器无法调用这个地址：它必须以 http:// 或 https:// 开头。".into(),
            Diagnosis::Unreachable => "这个地址上没有任何回应，连“盲发”的请求也没有：服务器没在运行，或者主机名、端口写错了。".into(),
            Diagnosis::CorsBlocked => "服务器是开着的（它回应了一个浏览器允许“盲发”的请求），但浏览器不让这个页面读取它的回复。这就是 CORS：服务器没有声明允许本页面的源读取这些回复。".into(),
            Diagnosis::Silent { after_ms } => format!("服务器接受了连接，但 {} 内没有任何回复。", self.seconds(u64::from(*after_ms))),
            Diagnosis::HttpError { status, message: Some(message) } => format!("服务器返回了 HTTP {status}：“{message}”"),
            Diagnosis::HttpError { status, message: None } => format!("服务器返回了 HTTP {status}，没有附带任何说明。"),
            Diagnosis::NotOpenAi { why: NotOpenAi::Html } => "服务器返回的是一个网页，而不是 OpenAI 兼容 API 会返回的 JSON：这个地址不是它的 API。".into(),
            Diagnosis::NotOpenAi { why: NotOpenAi::NotJson } => "服务器返回的文本不是 JSON：这个地址不是 OpenAI 兼容的 API。".into(),
            Diagnosis::NotOpenAi { why: NotOpenAi::NoModelList } => "服务器返回了 JSON，但不是模型列表（里面没有 \"data\" 列表）：这个地址不是 OpenAI 兼容的 API。".into(),
            Diagnosis::Ok { models } if models.is_empty() => ENDPOINT.connected_no_models.into(),
            Diagnosis::Ok { models } => {
                let shown: Vec<&str> = models.iter().take(8).map(String::as_str).collect();
                if models.len() > 8 {
                    format!("已连接。模型：{}，另有 {} 个。", shown.join(", "), models.len() - 8)
                } else {
                    format!("已连接。模型：{}。", shown.join(", "))
                }
            }
        }
    }

    fn diagnosis_fix(&self, found: &Diagnosis, preset: Preset, origin: &str) -> Option<String> {
        let example = if preset == Preset::Custom { Preset::Ollama.base_url() } else { preset.base_url() };
        Some(match found {
            Diagnosis::BadAddress => format!("请写出完整的地址，例如 {example}。"),
            Diagnosis::Unreachable => match preset {
                Preset::Ollama => join!("请先启动 Ollama（打开应用，或运行 ollama serve），然后再测试一次。它默认监听 ", numbers::port(Preset::Ollama.base_url()), " 端口。").into(),
                Preset::LmStudio => join!("在 LM Studio 的 Developer 标签页中启动服务器（默认端口 ", numbers::port(Preset::LmStudio.base_url()), "，除非你改过），然后再测试一次。").into(),
                Preset::Vllm => join!("请先启动 vLLM（vllm serve 加上模型名；默认端口 ", numbers::port(Preset::Vllm.base_url()), "，除非你改过），然后再测试一次。").into(),
                Preset::OpenAi => "请检查地址，以及这台电脑的网络连接。".into(),
                Preset::Custom => "请启动服务器，并检查地址中的主机名和端口。".into(),
            },
            Diagnosis::CorsBlocked => match preset {
                Preset::Ollama => format!("Ollama：允许本页面的源后重启它，例如 OLLAMA_ORIGINS={origin} ollama serve（或者在它的服务环境变量里设置 OLLAMA_ORIGINS）。"),
                Preset::LmStudio => "LM Studio：在 Developer 标签页中打开服务器设置，开启“Enable CORS”，然后重启服务器。".into(),
                Preset::Vllm => format!("vLLM：启动时加上 --allowed-origins '[\"{origin}\"]'。"),
                Preset::OpenAi => "托管 API：请检查地址和你的网络；托管 API 通常允许浏览器直接调用。".into(),
                Preset::Custom => format!("你的服务器必须返回 Access-Control-Allow-Origin: {origin}（或 *），并在预检请求中允许 authorization 和 content-type 请求头。"),
            },
            Diagnosis::Silent { .. } => "服务器可能正在加载模型，或者卡住了：请查看它自己的日志，然后再测试一次。".into(),
            Diagnosis::HttpError { status: 401 | 403, .. } => "请检查 API 密钥：在“API 密钥”一栏重新输入。托管 API 需要密钥；你自己电脑上的服务器通常不需要。".into(),
            Diagnosis::HttpError { status: 404, .. } => format!("这个地址下没有模型列表：请确认 Base URL 以 /v1 结尾，例如 {example}。"),
            Diagnosis::HttpError { status: 429, .. } => "服务器在限制请求频率：稍等一会儿，再测试一次。".into(),
            Diagnosis::HttpError { status: 500..=599, .. } => "服务器自身出错了：请查看它的日志，然后再测试一次。".into(),
            Diagnosis::HttpError { .. } => format!("请看服务器给出的说明，并检查 Base URL：它应当以 /v1 结尾，例如 {example}。"),
            Diagnosis::NotOpenAi { .. } => format!("请检查 Base URL：OpenAI 兼容 API 的地址以 /v1 结尾，例如 {example}。"),
            Diagnosis::Ok { models } if models.is_empty() => match preset {
                Preset::Ollama => "请先下载一个模型，例如 ollama pull llama3.1，然后再测试一次。".into(),
                Preset::LmStudio | Preset::Vllm | Preset::OpenAi | Preset::Custom => "请先在服务器上加载一个模型，然后再测试一次。".into(),
            },
            Diagnosis::Ok { .. } => return None,
        })
    }

    fn model_needed(&self, preset: Preset) -> String {
        format!(
            "{} 需要填写模型名称：输入一个，例如 {}，或者点“测试连接”查看服务器上有哪些模型。",
            self.preset_name(preset),
            preset.example_model()
        )
    }

    fn model_placeholder(&self, preset: Preset) -> String {
        if preset.needs_model() {
            format!("必填，例如 {}", preset.example_model())
        } else {
            format!("服务器需要时再填，例如 {}", preset.example_model())
        }
    }
}

impl Compare for Zh {
    fn code_note(&self, note: Note) -> &'static str {
        match note {
            Note::Loop => "循环本身。谁都不管的失败会结束整次运行（第 3 层）。",
            Note::NormalExit => "唯一正常的出口",
            Note::GuardRepeat => "护栏：同一步走了两次",
            Note::GuardErrors => "护栏：连续出错",
            Note::GuardTurns => "护栏：轮次预算",
            Note::Layer1 => "第 1 层，你的代码：会自己恢复的失败，就重试。",
            Note::Watchdog => "护栏：看门狗切断了调用，算作超时",
            Note::Throw => "第 3 层：重试也没用",
            Note::Layer2 => "第 2 层，模型：失败的工具变成一段它能读的文字。",
            Note::NaiveLoop => "天真的循环：每次调用只试一次，什么都不捕获，除了轮次预算没有任何护栏。",
            Note::NaiveSend => "只试一次，也没有看门狗：一个 503 或一次卡死的调用就在这里结束运行。",
            Note::NaiveDecide => "它完全相信 finish_reason。",
            Note::NaiveTool => "工具失败就直接抛出：模型永远读不到出了什么错。",
            Note::NaiveGuards => "这里没有护栏：同样的调用会一直重复，直到轮次用完。",
        }
    }

    fn diverge_line(&self, step: usize, turn: Option<u32>) -> String {
        match turn {
            Some(t) => format!("第 {step} 步（第 {t} 轮）：两个循环从这里开始分道扬镳。"),
            None => format!("第 {step} 步：两个循环从这里开始分道扬镳。"),
        }
    }
}

pub static PRESENTER: PresenterLabels = PresenterLabels {
    title: "演讲者视图",
    waiting: "正在等待投影窗口。请在同一浏览器中以演示模式打开 Rusty Lock，此视图会自动跟随。",
    open_projected: "打开演示模式",
    on_screen: "当前画面",
    question_up: "问题已显示。先让全场作答，再按“下一步”播放运行，或按 1、2、3 输入全场的答案。",
    answer_for_you: "答案（仅你可见）：",
    handled_by: "处理者",
    takeaway: "要点",
    next: "接下来",
    next_run_starts: "运行开始，一次一段：顺利的一轮算一段，每个故障和它的处理各算一段。",
    next_step: "运行的下一步。",
    next_lesson: "下一课：",
    last_lesson: "这是最后一课。",
    free_play: "未打开课程：自由练习。",
    timed_note: "定时播放：步骤会自动前进。按 T 回到逐步讲解。",
    elapsed: "已用时间",
    reset_clock: "计时归零",
    back_button: "\u{25c0} 上一步",
    next_button: "下一步 \u{25b6}",
    pace_button: "定时或逐步（T）",
    keys: "投影窗口的按键在这里同样可用：PageDown 下一段 \u{b7} PageUp 上一段 \u{b7} \u{2192} 或空格 前进一步 \u{b7} \u{2190} 后退一步 \u{b7} F 下一个故障 \u{b7} End 结果 \u{b7} N、P 下一课或上一课 \u{b7} 1、2、3 作答 \u{b7} S 查看 \u{b7} T 定时或逐步",
    open_link: "演讲者视图",
    point_at: "指给大家看",
    ask_room: "向全场提问",
    next_press: "下一次按键：",
    after_lesson: "本课之后：",
    this_lesson: "本课",
    workshop: "整场工作坊",
    go_to_lesson: "跳到课程",
    previous_lesson: "\u{25c0} 上一课（P）",
    next_lesson_button: "下一课（N）\u{25b6}",
    closing_on_screen: "屏幕上是工作坊的结尾：每一课由哪一层处理、要记住什么，然后是练习，附有二维码，供大家用手机扫描。",
    closing_next: "按 PageUp 或 P 回到最后一课。",
};

impl PresenterNotes for Zh {
    fn pv_point(&self, cue: rusty_lock_engine::show::cue::Cue) -> &'static str {
        use rusty_lock_engine::show::cue::Cue as C;
        match cue {
            C::Question => "问题和它的三个选项。",
            C::Ready => "舞台：大厅里的主角（循环），等待中的神谕（模型）。",
            C::Start => "任务和系统提示词：这就是目前的全部历史。",
            C::Gather => "主角收拢的那一包：到目前为止的每一条消息。",
            C::Ask => "发往神谕的调用，以及它是第几次尝试。",
            C::CallRetried => "神谕那里的错误，以及“你的代码”印章。",
            C::CallFatal => "神谕那里的错误，以及“谁都不管”印章。",
            C::Wait => "坐在长椅上的主角，以及要等多久。",
            C::Request => "神谕卡片上的工具调用。",
            C::Final => "最终答案：一条不再请求工具的回复。",
            C::Quirk => "这条古怪的回复，以及“你的代码”印章。",
            C::Tool => "门前的主角，正在对房间执行工具。",
            C::ToolOk => "房间里的变化，以及写进历史的结果。",
            C::ToolToModel => "错误气泡：错误被送回模型。",
            C::ToolByCode => "这次工具调用，以及“你的代码”印章。",
            C::ToolUnhandled => "历史那一包：刚刚放进去的内容。",
            C::Guard => "护栏的标志，以及它的印章。",
            C::Answered => "打开的门，以及运行结果。",
            C::Escalated => "移交给人的那一步，以及运行结果。",
            C::GaveUp => "轮数计数，以及运行结果。",
            C::Failed => "结束这次运行的错误，仍在屏幕上。",
            C::Cancelled => "运行停下的位置。",
        }
    }

    fn pv_ask(&self, cue: rusty_lock_engine::show::cue::Cue) -> &'static str {
        use rusty_lock_engine::show::cue::Cue as C;
        match cue {
            C::Question => "这个故障由哪一层处理：模型、你的代码，还是谁都不管？每个选项请大家举手。",
            C::Ready => "循环第一步会做什么？",
            C::Start => "运行开始时，模型知道些什么？",
            C::Gather => "为什么每一轮都要把全部历史重新发出去？",
            C::Ask => "这次调用可能出什么问题？",
            C::CallRetried => "模型会知道这次调用失败过吗？",
            C::CallFatal => "重试会有用吗？现在该由谁来处理？",
            C::Wait => "为什么每次都等得更久？为什么还要加一点随机？",
            C::Request => "这个调用由谁执行：模型还是你的代码？",
            C::Final => "循环怎么知道模型已经做完了？",
            C::Quirk => "更严格的循环会怎么处理这条回复？",
            C::Tool => "这个工具可能返回什么？",
            C::ToolOk => "模型会拿这个结果做什么？",
            C::ToolToModel => "模型读到了错误，接下来会尝试什么？",
            C::ToolByCode => "再执行一次这个工具安全吗？怎么判断？",
            C::ToolUnhandled => "本该由哪一层拦住它？怎么拦？",
            C::Guard => "如果没有这道护栏，这次运行要付出多少代价？",
            C::Answered => "是哪一层处理了故障？大家猜对了吗？",
            C::Escalated => "接手的人首先应该看到什么？",
            C::GaveUp => "放弃是对的吗？你会在日志里记下什么？",
            C::Failed => "为什么没有哪一层能修好它？该通知谁？",
            C::Cancelled => "有什么事情只做了一半？",
        }
    }

    fn pv_coming(&self, coming: rusty_lock_engine::show::cue::Coming) -> &'static str {
        use rusty_lock_engine::show::cue::Coming as C;
        match coming {
            C::Run => "运行开始：先是任务，然后是第一轮。",
            C::Turn => "新的一轮：全部历史再次发给模型。",
            C::Call => "调用模型。",
            C::Reply => "模型的回复：一次工具调用、最终答案，或者一个故障。",
            C::Failure(Layer::Model) => "由模型处理的故障：错误作为工具结果送回去。",
            C::Failure(Layer::Code) => "由你的代码处理的故障：模型完全不会知道。",
            C::Failure(Layer::Nobody) => "谁都不管的故障。",
            C::Wait => "你的代码先等待，再重新调用。",
            C::Watchdog => "看门狗切断没有回音的调用：超时。",
            C::Tool => "工具对房间执行。",
            C::ToolResult => "工具的结果。",
            C::Guard => "护栏介入。",
            C::Outcome => "运行结果。",
        }
    }

    fn pv_plan_window(&self, from: u32, to: u32) -> String {
        format!("按计划，本课从第 {from} 分钟讲到第 {to} 分钟。")
    }
}

impl Notices for Zh {
    fn notice(&self, problem: &Problem) -> String {
        let q = |v: &str| format!("“{v}”");
        match problem {
            Problem::UnknownErrorText { value } => {
                let schools: Vec<&str> = ErrorText::ALL.iter().map(|e| e.slug()).collect();
                format!("{} 不是一种工具错误的写法；请用 {}", q(value), schools.join("、"))
            }
            Problem::LinkTooLong { max } => format!("超过了 {max} 个字符，只读取了开头部分"),
            Problem::UnknownLesson { value } => {
                format!("{} 不是任何一节课，请从“课程”菜单中选择", q(value))
            }
            Problem::UnknownPlanItem { value } => format!("{} 既不是课程也不是练习，计划的其余部分已保留", q(value)),
            Problem::Repeated => "出现了不止一次，保留了第一个值".into(),
            Problem::NewerFormat { found, ours } => {
                format!("使用的是格式 {found}，比本页面的格式 {ours} 更新；本页不认识的设置已被忽略")
            }
            Problem::NotAFormat { value } => format!("{} 不是格式编号", q(value)),
            Problem::TooManyFaults { max } => format!("包含的故障超过 {max} 个，多出的已被忽略"),
            Problem::Fault { value, why } => {
                let why = match why {
                    FaultProblem::Shape => "请写成 t<轮次>:<故障> 的形式，例如 t2:503".to_string(),
                    FaultProblem::TurnRange { min, max } => format!("轮次必须在 {min} 到 {max} 之间"),
                    FaultProblem::UnknownFault => {
                        let known: Vec<&str> = Fault::ALL.iter().map(|f| f.slug()).collect();
                        format!("未知的故障；已知的故障有 {}", known.join(" "))
                    }
                    FaultProblem::TimesRange { max } => format!("重复次数必须在 1 到 {max} 之间"),
                };
                format!("{} 已被忽略：{why}", q(value))
            }
            Problem::UnknownLostReply { value } => format!("{} 不是处理丢失回复的方式，请用“tell”或“retry”", q(value)),
            Problem::UnknownModel { value } => format!("{} 不是可用的模型，请用 helpful 或 stubborn", q(value)),
            Problem::OutOfRange { min, max } => {
                format!("必须是 {min} 到 {max} 之间的整数，已保留默认值")
            }
            Problem::NotANumber { value } => format!("{} 不是整数", q(value)),
            Problem::NotAFlag { value } => format!("{} 应该是 on 或 off", q(value)),
            Problem::UnknownSpeed { value } => {
                format!("{} 不是可用的速度，请使用以下之一：{}", q(value), SPEEDS.join(", "))
            }
            Problem::BadEndpoint => "必须是 http:// 或 https:// 开头的地址，且不能包含用户名或密码".into(),
            Problem::BadModelName => "不是有效的模型名称".into(),
            Problem::UnknownPace { value } => format!("{} 不是可用的播放节奏，请用 timed 或 narrate", q(value)),
            Problem::UnknownMode { value } => format!("{} 不是可用的模式，请用 embed 或 present", q(value)),
            Problem::UnknownLang { value } => {
                format!("{} 是本页面暂不支持的语言，已改用英文", q(value))
            }
            Problem::KeyInLink => "看起来像是 API 密钥；密钥绝不会放在链接里传递，所以已被忽略".into(),
            Problem::UnknownKey => "不是 Rusty Lock 认识的设置".into(),
            Problem::ModelWithoutEndpoint => "指定了模型却没有指定端点，已改用内置模型".into(),
            Problem::UnknownPolicy { value } => {
                format!("{} 不是可用的策略，请使用 none、exponential、full、equal、decorrelated 或 yours", q(value))
            }
            Problem::UnknownLayer { value } => {
                format!("{} 不是可用的层，请用 model、code 或 nobody；因此没有生成教师的课", q(value))
            }
            Problem::MissingExpect => {
                "缺失：教师的课需要指明由哪一层处理（model、code 或 nobody），因此其中的文字未被使用".into()
            }
            Problem::TextTooLong { max } => format!("超过了 {max} 个字符，只保留了开头部分"),
            Problem::TextCleaned => "包含控制字符或文字方向标记，已将其删除".into(),
            Problem::OwnLessonInstead { value } => {
                format!("{} 让位于此链接中教师自编的课；它的设置仍然保留", q(value))
            }
            Problem::NotALessonLink { value } => {
                format!("{} 不是教师自编课的链接（没有 expect=），已略过", q(value))
            }
            Problem::TooManyExtras { max } => format!("包含的教师自编课超过 {max} 节，多出的已略过"),
        }
    }
}

/// The secrets a tool error let into the history, as one list: the log and the verdict both say it.
fn secret_list(secrets: &[Secret]) -> String {
    let names: Vec<&str> = secrets
        .iter()
        .map(|s| match s {
            Secret::StackTrace => "堆栈跟踪",
            Secret::FilePath => "文件路径",
            Secret::ConnectionString => "带密码的连接字符串",
        })
        .collect();
    names.join("、")
}
