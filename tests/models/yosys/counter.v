// A counter that steps by 1..3 when enabled, a twin register that must follow it, and a
// saturating copy. Four asserts: three hold, one fails (`count` reaches 11 after 4 steps).
// Made into counter.aag (with the name maps counter.aim and counter.ywa) by counter.ys:
//   yosys -q counter.ys
module counter(input clk, input en, input [1:0] step, output reg [3:0] count);
  reg [3:0] twin;
  reg [3:0] sat;
  initial begin
    count = 0;
    twin = 0;
    sat = 0;
  end
  always @(posedge clk) begin
    if (en) begin
      count <= count + step;
      twin <= twin + step;
      sat <= (sat > 4'd12 - step) ? 4'd12 : sat + step;
    end
  end
  always @* begin
    // The environment never steps by 0 while enabled (an invariant constraint).
    assume (!en || step != 2'd0);
    twin_follows: assert (twin == count);
    low_bits_agree: assert (twin[1:0] == count[1:0]);
    below_eleven: assert (count != 4'd11);
    saturates: assert (sat <= 4'd12);
  end
endmodule
